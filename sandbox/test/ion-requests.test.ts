import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCredentialsToken, gql, startSandbox, uploadObject, type TestSandbox } from './harness.ts';
import { CREATE_FILE_ATTACHMENT } from './ion-examples/queries.ts';

// Requests as ION's clients send them, answered as ION answers them: GraphQL-level errors (syntax,
// validation, variables) with HTTP 200 and `errors`, in graphql-core's words; only a request that is not
// a GraphQL request at all gets 400.
describe('request shapes and errors as ION has them', () => {
  let sandbox: TestSandbox;
  let token: string;

  /** POSTs a raw body to /graphql; returns the status and the parsed body. */
  async function post(body: string) {
    const res = await fetch(`${sandbox.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body,
    });
    return {
      status: res.status,
      body: (await res.json()) as Record<string, unknown> | Record<string, unknown>[],
    };
  }

  beforeAll(async () => {
    sandbox = await startSandbox();
    token = await clientCredentialsToken(sandbox.url, 'technician');
  });
  afterAll(() => sandbox.stop());

  describe('the old one-step attach of attach_file_to_run.py', () => {
    it('is a valid document: uploadUrl and s3Bucket exist, and the new flow answers them', async () => {
      const entityId = (await gql(sandbox.url, token, '{ runStep(id: 1) { entityId } }')).data?.runStep
        .entityId as number;
      const object = await uploadObject(sandbox.url, token, 'torque.csv', 'bolt,torque\n1,25');
      const res = await gql(sandbox.url, token, CREATE_FILE_ATTACHMENT, {
        input: { entityId, filename: 'torque.csv', s3Key: object.s3Key, s3Etag: object.etag },
      });
      expect(res.errors).toBeUndefined();
      expect(res.data?.createFileAttachment).toMatchObject({
        fileAttachment: { entityId, filename: 'torque.csv', contentType: 'text/csv', s3Bucket: 'sandbox' },
        uploadUrl: null,
      });
    });

    it('without s3Key and s3Etag gets ION’s error for each, with HTTP 200, and creates nothing', async () => {
      const before = await gql(
        sandbox.url,
        token,
        '{ runStep(id: 2) { entityId entity { _FileAttachmentsCount } } }',
      );
      const entityId = before.data?.runStep.entityId as number;
      const res = await gql(sandbox.url, token, CREATE_FILE_ATTACHMENT, {
        input: { entityId, filename: 'report.pdf' },
      });
      expect(res.status).toBe(200);
      expect(res.data).toBeUndefined();
      const value = `{'entityId': ${entityId}, 'filename': 'report.pdf'}`;
      expect(res.errors?.map((e) => e.message)).toEqual([
        `Variable '$input' got invalid value ${value}; Field 's3Key' of required type 'String!' was not provided.`,
        `Variable '$input' got invalid value ${value}; Field 's3Etag' of required type 'String!' was not provided.`,
      ]);
      const after = await gql(sandbox.url, token, '{ runStep(id: 2) { entity { _FileAttachmentsCount } } }');
      expect(after.data?.runStep.entity).toEqual(before.data?.runStep.entity);
    });
  });

  describe('variables', () => {
    const PART = 'query P($id: ID!) { part(id: $id) { id } }';

    it('may be given as a JSON string', async () => {
      const res = await post(JSON.stringify({ query: PART, variables: '{"id": "3"}' }));
      expect(res).toEqual({ status: 200, body: { data: { part: { id: 3 } } } });
    });

    it('may be given as an empty string: none', async () => {
      const res = await post(JSON.stringify({ query: '{ me { id } }', variables: '' }));
      expect(res).toEqual({ status: 200, body: { data: { me: { id: 1 } } } });
    });

    it('as a string that is not JSON is a malformed request (400)', async () => {
      const res = await post(JSON.stringify({ query: PART, variables: '{id: 3' }));
      expect(res).toEqual({ status: 400, body: { errors: [{ message: 'Variables are invalid JSON.' }] } });
    });

    it('that are missing or of the wrong type are GraphQL errors (200) in ION’s words', async () => {
      const missing = await post(JSON.stringify({ query: PART }));
      expect(missing.status).toBe(200);
      expect(missing.body).toMatchObject({
        errors: [{ message: "Variable '$id' of required type 'ID!' was not provided." }],
      });
      const wrong = await post(
        JSON.stringify({
          query: 'query P($n: Int) { parts(first: $n) { edges { node { id } } } }',
          variables: { n: 'ten' },
        }),
      );
      expect(wrong.status).toBe(200);
      expect(wrong.body).toMatchObject({
        errors: [
          { message: "Variable '$n' got invalid value 'ten'; Int cannot represent non-integer value: 'ten'" },
        ],
      });
    });
  });

  it('answers syntax, validation and operation-choice errors with HTTP 200 and errors', async () => {
    const syntax = await post(JSON.stringify({ query: '{ me { id ' }));
    expect(syntax.status).toBe(200);
    expect((syntax.body as { errors: unknown[] }).errors).toHaveLength(1);
    const unknown = await post(JSON.stringify({ query: '{ me { nickname } }' }));
    expect(unknown.status).toBe(200);
    expect((unknown.body as { errors: { message: string }[] }).errors[0]!.message).toMatch(/nickname/);
    const which = await post(JSON.stringify({ query: 'query A { me { id } } query B { me { email } }' }));
    expect(which.status).toBe(200);
    expect(which.body).toMatchObject({ errors: [{ message: expect.any(String) }] });
    const named = await post(JSON.stringify({ query: 'query A { me { id } }', operationName: 'B' }));
    expect(named.status).toBe(200);
  });

  it('answers a request that is not a GraphQL request with 400', async () => {
    expect(await post('{"query": ')).toEqual({
      status: 400,
      body: { errors: [{ message: 'POST body sent invalid JSON.' }] },
    });
    expect(await post(JSON.stringify({ variables: {} }))).toEqual({
      status: 400,
      body: { errors: [{ message: 'Must provide query string.' }] },
    });
  });

  describe('batched arrays', () => {
    it('answer each operation in order, as an array', async () => {
      const res = await post(
        JSON.stringify([
          { query: '{ me { email } }' },
          { query: 'query P($id: ID!) { part(id: $id) { id } }', variables: '{"id": 2}' },
          { query: '{ me { nickname } }' },
        ]),
      );
      expect(res.status).toBe(200);
      const [me, part, bad] = res.body as Record<string, unknown>[];
      expect(me).toEqual({ data: { me: { email: 'technician@example.com' } } });
      expect(part).toEqual({ data: { part: { id: 2 } } });
      expect(bad).toMatchObject({ errors: [{ message: expect.stringMatching(/nickname/) }] });
    });

    it('are refused when empty or longer than 10 operations', async () => {
      expect(await post('[]')).toEqual({
        status: 400,
        body: { errors: [{ message: 'Received an empty list in the batch request.' }] },
      });
      const eleven = JSON.stringify(Array.from({ length: 11 }, () => ({ query: '{ me { id } }' })));
      expect(await post(eleven)).toEqual({
        status: 400,
        body: { errors: [{ message: 'Batching is limited to 10 operations per request.' }] },
      });
    });
  });
});
