/**
 * The console's API client: openapi-fetch typed by the endpoints the server's OpenAPI document
 * declares (@portiere/contracts/openapi), so method, path, path parameters, query and body of
 * every call are checked against the route. Middleware adds what every call needs: the bearer
 * token (refreshed first when it is about to expire), JSON, and a network failure as an
 * ApiError of status 0. The answer is the contract's zod type: outside production builds every
 * answer is checked against the schema the call names.
 */
import type { paths } from '@portiere/contracts/openapi';
import createClient, { type MaybeOptionalInit, type Middleware } from 'openapi-fetch';
import type { z } from 'zod';
import { ApiError, toErrorBody } from './apiError';
import { endSession, getAccessToken } from './tokenRefresh';
import { clientOptions } from './transport';

/** The API's paths that have a method, e.g. ApiPath<'get'> is every path one can GET. */
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type ApiPath<M extends Method> = {
  [P in keyof paths]: paths[P] extends Record<M, infer Op> ? ([Op] extends [never] ? never : P) : never;
}[keyof paths];

/** The query a GET of `P` takes, as the route declares it. */
export type QueryOf<P extends ApiPath<'get'>> = NonNullable<
  paths[P]['get'] extends { parameters: { query?: infer Q } } ? Q : never
>;
/** The JSON body a `M` of `P` takes, as the route declares it. */
export type BodyOf<P extends keyof paths, M extends Method> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** fetch failed (server unreachable, connection reset): an ApiError of status 0. */
const networkFailure: Middleware = {
  onError: ({ error }) => new ApiError(0, null, error instanceof Error ? error.message : 'Network error'),
};

/** Signed-in calls: a usable access token (refreshed first when needed); a 401 ends the session. */
const bearerToken: Middleware = {
  async onRequest({ request }) {
    const token = await getAccessToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
  },
  async onResponse({ request, response }) {
    // A signed-in call refused as unauthenticated means the session is gone (revoked or expired).
    if (response.status === 401 && request.headers.has('Authorization'))
      endSession(
        new ApiError(
          401,
          toErrorBody(
            await response
              .clone()
              .json()
              .catch(() => null),
          ),
        ),
      );
  },
};

/** The calls of a signed-in user. */
export const client = createClient<paths>(clientOptions);
client.use(bearerToken, networkFailure);
/** The sign-in calls: no bearer unless one is given, and never a token refresh. */
export const publicClient = createClient<paths>(clientOptions);
publicClient.use(networkFailure);

/** What a call answers: the schema's type, or nothing for calls without a schema. */
export type Answer<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Development and test builds check answers; production trusts the server (it validates its own answers). */
export const CHECK_ANSWERS = !import.meta.env.PROD;

/** A 2xx answer that does not match the contract: the console and the server disagree on a shape. */
export class AnswerMismatchError extends Error {
  readonly issues: z.core.$ZodIssue[];

  constructor(method: string, path: string, issues: z.core.$ZodIssue[]) {
    const where = issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    super(`${method} ${path} answered a shape the contract does not allow: ${where}`);
    this.name = 'AnswerMismatchError';
    this.issues = issues;
  }
}

type MismatchListener = (err: AnswerMismatchError) => void;
let mismatchListener: MismatchListener = (err) => console.error(err.message);

/** Who hears of a drifted answer (the console log; the test setup fails the test that saw one). */
export function onAnswerMismatch(listener: MismatchListener): void {
  mismatchListener = listener;
}

/**
 * Checks an answer against its contract schema (when checking is on) and answers the data as
 * received; a call without a schema answers nothing (its body, if any, is not part of the contract).
 */
export function checkAnswer<S extends z.ZodType | undefined>(
  method: string,
  path: string,
  schema: S,
  data: unknown,
  check: boolean = CHECK_ANSWERS,
): Answer<S> {
  if (!schema) return undefined as Answer<S>;
  if (check) {
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const err = new AnswerMismatchError(method, path, parsed.error.issues);
      mismatchListener(err);
      throw err;
    }
  }
  return data as Answer<S>;
}

/** What a call adds to openapi-fetch's options: the contract schema of its answer. */
interface Answered<S> {
  /**
   * The contract schema of the answer (from @portiere/contracts). Outside production builds every
   * answer is checked against it, so a console that drifted from the server fails its tests.
   */
  schema?: S;
}
/** openapi-fetch's options of a call of `M` to `P` (params, body, signal). */
export type Init<P extends keyof paths, M extends Method> = NonNullable<MaybeOptionalInit<paths[P], M>>;
/** The options of a call: required when the route has a required parameter or body. */
type Args<P extends keyof paths, M extends Method, S> =
  undefined extends MaybeOptionalInit<paths[P], M>
    ? [init?: Init<P, M> & Answered<S>]
    : [init: Init<P, M> & Answered<S>];
type Call<M extends Method> = <P extends ApiPath<M>, S extends z.ZodType | undefined = undefined>(
  path: P,
  ...init: Args<P, M, S>
) => Promise<Answer<S>>;
type Read = <P extends ApiPath<'get'>, S extends z.ZodType>(
  path: P,
  init: Init<P, 'get'> & { schema: S },
) => Promise<z.output<S>>;

/** The form fields a multipart upload to `P` takes, files as Files (the document types them as binary strings). */
export type FormOf<P extends ApiPath<'post'>> = paths[P]['post'] extends {
  requestBody?: { content: { 'multipart/form-data': infer F } };
}
  ? { [K in keyof F]: NonNullable<F[K]> extends string ? string | File : F[K] }
  : never;
type Upload = <P extends ApiPath<'post'>, S extends z.ZodType>(
  path: P,
  init: Omit<Init<P, 'post'>, 'body'> & { form: FormOf<P>; schema: S },
) => Promise<z.output<S>>;

type Api = {
  get: Read;
  post: Call<'post'>;
  put: Call<'put'>;
  patch: Call<'patch'>;
  delete: Call<'delete'>;
  /** A multipart/form-data POST, fields in the order given (the browser sets the boundary). */
  upload: Upload;
};

function formData(fields: Record<string, string | File>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, value.name);
  return form;
}

/** openapi-fetch's request as the typed methods above call it (their types are checked where they are called). */
export type Untyped = (
  method: string,
  path: string,
  init: object,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** Any 2xx is a success, anything else an ApiError with the body. */
function typedApi(on: typeof client): Api {
  const call =
    (method: Method) =>
    async (path: string, init: Answered<z.ZodType> & Record<string, unknown> = {}): Promise<unknown> => {
      const { schema, ...options } = init;
      const METHOD = method.toUpperCase() as Uppercase<Method>;
      const { data, error, response } = await (on.request as Untyped)(METHOD, path, options);
      const where = path.replace(/^\/api\/v1\//, '');
      if (response.ok) return checkAnswer(METHOD, where, schema, data ?? null);
      throw new ApiError(response.status, toErrorBody(error));
    };
  return {
    get: call('get') as Read,
    post: call('post') as Call<'post'>,
    put: call('put') as Call<'put'>,
    patch: call('patch') as Call<'patch'>,
    delete: call('delete') as Call<'delete'>,
    upload: ((path: string, { form, ...init }: { form: Record<string, string | File> }) =>
      call('post')(path, { ...init, body: formData(form) })) as Upload,
  };
}

/**
 * Reads name the contract schema of their answer; writes do when they answer something:
 * `api.get('/api/v1/groups/{id}/', { params: { path: { id } }, schema: configurationSchema })`.
 */
export const api = typedApi(client);
/** The sign-in calls (login, change of password, e-mail confirmation, logout with its own bearer). */
export const publicApi = typedApi(publicClient);
