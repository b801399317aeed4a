import { getFragmentData, graphql, type FragmentType } from './generated/index.ts';

/**
 * What a run was made from: its part (number and revision) and its procedure (title and version). The
 * run's page and its evidence package both head what they show with it.
 */
export const RunOriginFields = graphql(`
  fragment RunOrigin on Run {
    part {
      id
      partNumber
      revision
    }
    procedure {
      id
      title
      version
    }
  }
`);

/** The run's part and procedure, read from a query that spreads RunOrigin. */
export const runOrigin = (run: FragmentType<typeof RunOriginFields>) => getFragmentData(RunOriginFields, run);
