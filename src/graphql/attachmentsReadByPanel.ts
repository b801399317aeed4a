import { DocumentTransform } from '@apollo/client';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { Kind, visit, type DirectiveNode, type DocumentNode } from 'graphql';
import { RecordAttachmentsFragmentDoc } from './generated/graphql.ts';

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
 *
 * Then every document reads the list with one copy of its fragments (withSharedListFragments).
 */
export const attachmentsReadByPanel = new DocumentTransform((document) =>
  withSharedListFragments(
    visit(document, {
      FragmentDefinition: () => false,
      FragmentSpread(node) {
        if (node.name.value !== PANEL_FRAGMENT) return undefined;
        if (node.directives?.some((directive) => directive.name.value === 'nonreactive')) return undefined;
        return { ...node, directives: [...(node.directives ?? []), nonreactive] };
      },
    }),
  ),
);

/**
 * The list's fragments (`RecordAttachments` and the `AttachmentItem` it spreads) as every document
 * reads them: one copy, `__typename` already in (so the cache's own transform leaves it as it is).
 */
const SHARED_LIST_FRAGMENTS = new Map(
  addTypenameToDocument(RecordAttachmentsFragmentDoc as DocumentNode)
    .definitions.filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION)
    .map((definition) => [definition.name.value, definition]),
);

/**
 * The record page's query still reads the list when it changes (`@nonreactive` spares its render, not
 * its read), and the panel reads it for itself: twice per change, each time the whole list. Apollo's
 * result cache keeps a read by the AST node it read with and the variables, so with the same nodes in
 * both documents (and the panel reading with the page's variables, see AttachmentsPanel) the second
 * read is the first one's result. In node, the broadcasts of 300 changes of a list growing from 100 to
 * 400, watched as a part page watches it: 920-985 ms, 547-624 ms with this. The page's query still
 * reads the list once more after each change, from the cache without its optimistic layers (Apollo's
 * ObservableQuery checks whether what it read was optimistic), which no shared node spares.
 */
function withSharedListFragments(document: DocumentNode): DocumentNode {
  const definitions = document.definitions.map(
    (definition) =>
      (definition.kind === Kind.FRAGMENT_DEFINITION && SHARED_LIST_FRAGMENTS.get(definition.name.value)) ||
      definition,
  );
  return definitions.every((definition, i) => definition === document.definitions[i])
    ? document
    : { ...document, definitions };
}
