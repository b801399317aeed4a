import { graphql } from './generated/index.ts';

export const CurrentUserQuery = graphql(`
  query CurrentUser {
    me {
      id
      name
      email
      organization {
        id
        domain
        name
      }
    }
  }
`);
