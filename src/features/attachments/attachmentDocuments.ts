import { graphql } from '../../graphql/generated/index.ts';

/** What one row of the attachments list shows; uploads write new attachments with this same fragment. */
export const AttachmentItemFields = graphql(`
  fragment AttachmentItem on FileAttachment {
    id
    filename
    contentType
    downloadUrl
    entityId
    _created
    createdBy {
      id
      name
    }
  }
`);

/**
 * A record's attachments, read without arguments so an upload can append to
 * `Entity:<id>.fileAttachments` and every page showing that entity updates.
 */
export const RecordAttachmentsFields = graphql(`
  fragment RecordAttachments on Entity {
    id
    fileAttachments {
      ...AttachmentItem
    }
  }
`);

/** A fresh signed URL, asked for at the moment it is used (network-only), never a cached one. */
export const FreshDownloadUrlQuery = graphql(`
  query FreshDownloadUrl($id: ID!) {
    fileAttachment(id: $id) {
      id
      filename
      contentType
      downloadUrl
    }
  }
`);
