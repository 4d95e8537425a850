import { defineErrors } from '../error-entry.js';

/** The HTTP edge: what is refused before a route's service is called. */
export const httpErrors = defineErrors('http', {
  HTTP_ROUTE_NOT_FOUND: { kind: 'not_found', message: 'This URL does not exist', meaning: 'No route has this path.' },
  HTTP_METHOD_NOT_ALLOWED: {
    kind: 'method_not_allowed',
    message: 'Method {method} is not allowed here',
    meaning: 'The path exists for other methods; the `Allow` header lists them.',
  },
  HTTP_BODY_REQUIRED: {
    kind: 'invalid',
    message: 'A request body is required',
    meaning: 'The route needs a body and none was sent.',
  },
  HTTP_BODY_INVALID_JSON: {
    kind: 'invalid',
    message: 'The request body is not valid JSON',
    meaning: 'The body was sent as JSON but cannot be parsed.',
  },
  HTTP_BODY_TOO_DEEP: {
    kind: 'invalid',
    message: 'The request body nests deeper than {depth} levels',
    meaning: 'The JSON body nests objects or arrays deeper than the service reads.',
  },
  HTTP_BODY_INVALID: {
    kind: 'invalid',
    message: '{problem}',
    meaning: 'The body does not have the declared shape; `errors` lists every member that is wrong.',
  },
  HTTP_QUERY_INVALID: {
    kind: 'invalid',
    message: '{problem}',
    meaning: 'A query parameter is malformed; `fieldName` names it.',
  },
  HTTP_PATH_PARAMETER_INVALID: {
    kind: 'invalid',
    message: '{problem}',
    meaning: 'A parameter in the path is malformed; `fieldName` names it.',
  },
  HTTP_BODY_TOO_LARGE: {
    kind: 'too_large',
    message: 'The request body is too large',
    meaning: 'The body is larger than `http.max.body.bytes`; the connection is closed after the answer.',
  },
  HTTP_MEDIA_TYPE_UNSUPPORTED: {
    kind: 'unsupported_media',
    message: 'HTTP 415 Unsupported Media Type',
    meaning: "The route does not read bodies of the `Content-Type` sent (the original's words).",
  },
  HTTP_CROSS_SITE_REFUSED: {
    kind: 'forbidden',
    message: 'Requests from another site may not change anything here',
    meaning:
      'A state-changing request whose Origin (or Sec-Fetch-Site) names another site than http.cors.origins allows.',
  },
  SERVICE_NOT_READY: {
    kind: 'unavailable',
    message: 'The service is not ready',
    meaning: 'The readiness probe: storage cannot be reached, or the service is shutting down.',
  },
  INTERNAL_ERROR: {
    kind: 'internal',
    message: 'An unexpected error occurred',
    meaning: 'A fault of the service; the log holds the cause under the request id. Never carries details.',
  },
});
