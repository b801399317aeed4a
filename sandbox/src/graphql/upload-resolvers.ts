import { GraphQLError } from 'graphql';
import { canAttach } from '../identities.ts';
import {
  deleteAttachment,
  findAttachmentByKey,
  findTicket,
  insertAttachment,
  insertTicket,
} from '../db/attachments.ts';
import { findEntity } from '../db/entities.ts';
import { findRecord } from '../db/records.ts';
import { FILE_ATTACHMENTS } from '../db/record-tables.ts';
import type { GraphQLContext } from './context.ts';
import { parseId } from './ids.ts';
import { contentTypeFor, MAX_FILENAME_LENGTH, newObjectKey } from './object-keys.ts';
import type { Resolvers } from './resolver-types.ts';

interface CreateInput {
  filename: string;
  s3Key: string;
  s3Etag: string;
  entityId: unknown;
  validateUpload?: boolean | null;
}

interface AttachmentRow {
  id: number;
  entityId: number;
  s3Key: string;
  filename: string;
  contentType: string;
}

const userError = (message: string, code = 'BAD_USER_INPUT') =>
  new GraphQLError(message, { extensions: { code } });

function checkFilename(filename: string): void {
  if (filename.trim() === '') throw userError('filename must not be empty');
  if (filename.length > MAX_FILENAME_LENGTH) {
    throw userError(`filename is ${filename.length} characters long; the limit is ${MAX_FILENAME_LENGTH}`);
  }
}

function requireAttachPermission(ctx: GraphQLContext): void {
  if (!canAttach(ctx.principal.role)) {
    throw userError(
      `Permission denied: your role (${ctx.principal.role}) may not attach or remove files`,
      'FORBIDDEN',
    );
  }
}

function requireEntity(ctx: GraphQLContext, rawId: unknown): number {
  const entityId = parseId(rawId, 'entityId');
  if (!findEntity(ctx.db, entityId)) throw userError(`Entity ${entityId} not found`, 'NOT_FOUND');
  return entityId;
}

const sweptError = (s3Key: string) =>
  userError(
    `The upload for s3Key "${s3Key}" expired without being registered and was deleted; upload the file again`,
    'NOT_FOUND',
  );

const signedDownloadUrl = (a: AttachmentRow, _: unknown, ctx: GraphQLContext) =>
  ctx.storage.presignGet(a.s3Key, a.filename, a.contentType, ctx.origin);

const unquote = (etag: string): string => etag.trim().replace(/^"(.*)"$/, '$1');

export const uploadResolvers: Resolvers = {
  Query: {
    requestFileUploadUrl: async (_: unknown, args: { filename: string }, ctx: GraphQLContext) => {
      // A working upload URL is itself a permission: a viewer could fill storage with it.
      requireAttachPermission(ctx);
      checkFilename(args.filename);
      const contentType = contentTypeFor(args.filename);
      const s3Key = newObjectKey(args.filename);
      insertTicket(ctx.db, {
        s3Key,
        filename: args.filename,
        contentType,
        userId: ctx.principal.userId,
        createdAt: new Date(ctx.clock.now()).toISOString(),
        expiresAt: new Date(ctx.clock.now() + ctx.config.uploadUrlTtlSeconds * 1000).toISOString(),
      });
      return { uploadUrl: await ctx.storage.presignPut(s3Key, contentType, ctx.origin), s3Key, contentType };
    },
  },
  Mutation: {
    createFileAttachment: async (_: unknown, { input }: { input: CreateInput }, ctx: GraphQLContext) => {
      requireAttachPermission(ctx);
      checkFilename(input.filename);
      const entityId = requireEntity(ctx, input.entityId);
      const ticket = findTicket(ctx.db, input.s3Key);
      if (!ticket || ticket.userId !== ctx.principal.userId) {
        throw userError(`s3Key "${input.s3Key.slice(0, 300)}" was not issued to you by requestFileUploadUrl`);
      }
      if (ticket.sweptAt) throw sweptError(input.s3Key);
      // A retried registration (the first response was lost) returns the record it already made.
      const existing = findAttachmentByKey(ctx.db, input.s3Key);
      if (existing) {
        if (existing.entityId !== entityId) {
          throw userError(
            `s3Key "${input.s3Key}" is already attached to entity ${existing.entityId}`,
            'CONFLICT',
          );
        }
        return { fileAttachment: findRecord(ctx.db, FILE_ATTACHMENTS, existing.id) };
      }
      let etag = unquote(input.s3Etag);
      const stored =
        input.validateUpload || !ctx.storage.enforcesMaxUploadBytes
          ? await ctx.storage.head(input.s3Key)
          : null;
      if (stored && stored.size > ctx.config.maxUploadBytes) {
        await ctx.storage.delete(input.s3Key);
        throw userError(
          `The uploaded file is ${stored.size} bytes; the largest allowed is ${ctx.config.maxUploadBytes} bytes. It was deleted.`,
          'ENTITY_TOO_LARGE',
        );
      }
      const size = stored?.size ?? null;
      if (input.validateUpload) {
        if (!stored)
          throw userError(`Uploaded object "${input.s3Key}" was not found in storage`, 'NOT_FOUND');
        if (unquote(stored.etag) !== etag) {
          throw userError(
            `ETag mismatch for "${input.s3Key}": storage has ${unquote(stored.etag)}, the request says ${etag}`,
          );
        }
        etag = unquote(stored.etag);
      }
      // The sweep may have claimed the ticket while storage was asked; nothing awaits between here and the insert.
      if (findTicket(ctx.db, input.s3Key)?.sweptAt) throw sweptError(input.s3Key);
      const id = insertAttachment(ctx.db, {
        entityId,
        s3Key: input.s3Key,
        filename: input.filename,
        contentType: ticket.contentType,
        etag,
        size,
        createdBy: ctx.principal.userId,
      });
      return { fileAttachment: findRecord(ctx.db, FILE_ATTACHMENTS, id) };
    },
    deleteFileAttachment: async (
      _: unknown,
      { input }: { input: { fileAttachmentId: unknown; entityId: unknown } },
      ctx: GraphQLContext,
    ) => {
      requireAttachPermission(ctx);
      const fileAttachmentId = parseId(input.fileAttachmentId, 'fileAttachmentId');
      const entityId = parseId(input.entityId, 'entityId');
      const orphanedKey = deleteAttachment(ctx.db, fileAttachmentId, entityId);
      if (orphanedKey === null) {
        throw userError(`File attachment ${fileAttachmentId} not found on entity ${entityId}`, 'NOT_FOUND');
      }
      // The bytes go too, so download URLs handed out before the delete stop working.
      if (orphanedKey) await ctx.storage.delete(orphanedKey);
      return { fileAttachmentId, entityId };
    },
  },
  FileAttachment: {
    downloadUrl: signedDownloadUrl,
    // Deprecated in the real schema in favour of downloadUrl, and the same URL.
    url: signedDownloadUrl,
    entity: (a: AttachmentRow, _: unknown, ctx: GraphQLContext) => findEntity(ctx.db, a.entityId) ?? null,
  },
};
