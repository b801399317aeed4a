import { graphql } from '../../graphql/generated/index.ts';

/** What naming a run needs ("Run 1 · SN 0041", "Part BRKT-0001 rev C", "Step 2 of 7"). */
export const RunPlaceFields = graphql(`
  fragment RunPlace on Run {
    id
    title
    part {
      id
      partNumber
      revision
    }
    steps {
      id
    }
  }
`);

/** What naming a run step needs: its position and state, and the run it belongs to. */
export const StepPlaceFields = graphql(`
  fragment StepPlace on RunStep {
    id
    title
    position
    status
    run {
      ...RunPlace
    }
  }
`);
