import { DocumentTransform } from '@apollo/client';
import { Kind, visit, type DirectiveNode } from 'graphql';

/** The fragment a record page's attachments panel reads by itself (AttachmentsPanel, useFragment). */
const PANEL_FRAGMENT = 'RecordAttachments';

const nonreactive: DirectiveNode = { kind: Kind.DIRECTIVE, name: { kind: Kind.NAME, value: 'nonreactive' } };

/**
 * Marks `...RecordAttachments` spread directly in a query (the record pages' queries) `@nonreactive`:
 * a change of the record's attachments then re-renders only the panel that watches them, not the whole
 * record page holding the query (the tablet profile of 30 files onto 100 showed 600-900 ms tasks that
 * were the whole page — fields, label and pin buttons — rendering for each attached batch). Apollo
 * strips the directive before the request, so the server and the checked operations never see it.
 * Spreads inside fragments (an evidence slot's) are left alone: their components read the parent's data.
 *
 * A transform rather than `@nonreactive` written in the record queries (issue 39 asked for that): the
 * operations check against the real schema (`node ../shared/tools/check-operations.mjs`) rejects the
 * directive there ("Unknown directive"), since the schema does not declare Apollo's client directives.
 * Once the check knows them, the queries can say it and this file goes.
 */
export const attachmentsReadByPanel = new DocumentTransform((document) =>
  visit(document, {
    FragmentDefinition: () => false,
    FragmentSpread(node) {
      if (node.name.value !== PANEL_FRAGMENT) return undefined;
      if (node.directives?.some((directive) => directive.name.value === 'nonreactive')) return undefined;
      return { ...node, directives: [...(node.directives ?? []), nonreactive] };
    },
  }),
);
