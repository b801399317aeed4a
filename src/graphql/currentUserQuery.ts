import { graphql } from './generated';

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
