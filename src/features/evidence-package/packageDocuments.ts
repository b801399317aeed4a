import { graphql } from '../../graphql/generated/index.ts';

// What a package needs to know, asked in small pieces so each stays far inside the API's query-cost
// limit however many files a run holds: the run's outline (steps, fields, how many files each entity
// has) with no attachment lists, then one entity's attachment list per query, then signed URLs a few
// at a time, at the moment their files are fetched (URLs expire in minutes).

/** One attachment as the manifest lists it; no URL (each costs a signature and expires). */
export const PackageFileFields = graphql(`
  fragment PackageFile on FileAttachment {
    id
    filename
    contentType
    _created
    createdBy {
      id
      name
    }
  }
`);

export const PackageRunOutlineQuery = graphql(`
  query PackageRunOutline($id: ID!) {
    run(id: $id) {
      id
      title
      ...RunOrigin
      entity {
        id
        _FileAttachmentsCount
      }
      steps {
        id
        title
        position
        entity {
          id
          _FileAttachmentsCount
        }
        fields {
          id
          name
          position
          entity {
            id
            _FileAttachmentsCount
          }
        }
      }
    }
  }
`);

/** A run step's own files count and its fields' (a step's package holds both, as its page shows them). */
export const PackageRunStepOutlineQuery = graphql(`
  query PackageRunStepOutline($id: ID!) {
    runStep(id: $id) {
      id
      entity {
        id
        _FileAttachmentsCount
      }
      fields {
        id
        name
        position
        entity {
          id
          _FileAttachmentsCount
        }
      }
    }
  }
`);

export const PackageRunFilesQuery = graphql(`
  query PackageRunFiles($id: ID!) {
    run(id: $id) {
      id
      entity {
        id
        fileAttachments {
          ...PackageFile
        }
      }
    }
  }
`);

export const PackageRunStepFilesQuery = graphql(`
  query PackageRunStepFiles($id: ID!) {
    runStep(id: $id) {
      id
      entity {
        id
        fileAttachments {
          ...PackageFile
        }
      }
    }
  }
`);

export const PackageRunStepFieldFilesQuery = graphql(`
  query PackageRunStepFieldFiles($id: ID!) {
    runStepField(id: $id) {
      id
      entity {
        id
        fileAttachments {
          ...PackageFile
        }
      }
    }
  }
`);

export const PackagePartFilesQuery = graphql(`
  query PackagePartFiles($id: ID!) {
    part(id: $id) {
      id
      entity {
        id
        fileAttachments {
          ...PackageFile
        }
      }
    }
  }
`);

export const PackageProcedureFilesQuery = graphql(`
  query PackageProcedureFiles($id: ID!) {
    procedure(id: $id) {
      id
      entity {
        id
        fileAttachments {
          ...PackageFile
        }
      }
    }
  }
`);

/** Who makes the package, for its manifest. */
export const PackageMakerQuery = graphql(`
  query PackageMaker {
    me {
      id
      name
      email
    }
  }
`);

/**
 * Signed URLs for the next few files in one request (a fixed set of aliases keeps the document static
 * and checked against the schema; a shorter batch repeats its last id).
 */
export const PackageDownloadUrlsQuery = graphql(`
  query PackageDownloadUrls($a: ID!, $b: ID!, $c: ID!, $d: ID!, $e: ID!) {
    a: fileAttachment(id: $a) {
      id
      downloadUrl
    }
    b: fileAttachment(id: $b) {
      id
      downloadUrl
    }
    c: fileAttachment(id: $c) {
      id
      downloadUrl
    }
    d: fileAttachment(id: $d) {
      id
      downloadUrl
    }
    e: fileAttachment(id: $e) {
      id
      downloadUrl
    }
  }
`);

/** How many URLs one PackageDownloadUrls query asks for. */
export const URL_BATCH = 5;
