import { defineErrors } from '../error-entry.js';

/** The HTTP edge: what is refused before a route's service is called. */
export const httpErrors = defineErrors('http', {
  HTTP_ROUTE_NOT_FOUND: { kind: 'not_found', message: 'This URL does not exist', meaning: 'No route has this path.' },
  BACK_OFFICE_NOT_BUILT: {
    kind: 'unavailable',
    message: 'The back office is not built: run npm run build',
    meaning:
      'The back office (`/admin/`) is served from the folder `admin.dir` names, which holds no built files: the service runs from sources that `npm run build` has not built, or `admin.dir` names the wrong folder.',
  },
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
  HTTP_BODY_MULTIPART_INVALID: {
    kind: 'invalid',
    message: 'The multipart body cannot be read: {problem}',
    meaning:
      'A `multipart/form-data` body without a boundary, with a part that is not framed as the boundary says or has no name, that ends before its closing boundary, with more parts than `http.max.upload.parts` or more files than `http.max.upload.files`, or with a `json` part that is not a JSON object. Nothing of the body is kept.',
  },
  HTTP_BODY_TOO_DEEP: {
    kind: 'invalid',
    message: 'The request body nests deeper than {depth} levels',
    meaning: 'The JSON body nests objects or arrays deeper than the service reads.',
  },
  HTTP_SORT_COLUMN_INVALID: {
    kind: 'invalid',
    message: '{parameter} must be one of {columns}',
    meaning:
      'A list was asked to sort by something it cannot sort by; the message lists what it can (each also by the column name the original uses).',
  },
  HTTP_SORT_DIRECTION_INVALID: {
    kind: 'invalid',
    message: 'direction must be ASC or DESC',
    meaning: 'A list was asked to sort in a direction other than ASC or DESC (either case).',
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
    meaning:
      'The body is larger than `http.max.body.bytes` (`http.max.upload.bytes` for a route that streams its body to disk); the connection is closed after the answer.',
  },
  HTTP_UPLOAD_PART_TOO_LARGE: {
    kind: 'too_large',
    message: 'The part {name} of the multipart body is larger than {limit} bytes',
    meaning:
      'A file of a multipart upload is larger than `http.max.upload.bytes`, or a text part larger than `http.max.upload.field.bytes`. Nothing of the body is kept.',
  },
  HTTP_FRAMING_INVALID: {
    kind: 'invalid',
    message: 'The request is malformed: {problem}',
    meaning:
      "The request's framing headers contradict each other or name what the service does not read (two different `Content-Length` values, a `Transfer-Encoding` other than `chunked`); the connection is closed after the answer.",
  },
  HTTP_URI_TOO_LONG: {
    kind: 'uri_too_long',
    message: 'The request URL is longer than {limit} bytes',
    meaning: 'The path and query are longer than `http.max.url.bytes`; the connection is closed after the answer.',
  },
  HTTP_HEADERS_TOO_LARGE: {
    kind: 'headers_too_large',
    message: 'The request headers are larger than {limit} bytes',
    meaning: 'The headers together are larger than `http.max.header.bytes`; the connection is closed after the answer.',
  },
  HTTP_REQUEST_ABORTED: {
    kind: 'invalid',
    message: 'The connection closed before the request body arrived',
    meaning: 'The client went away mid-upload. Nobody receives this answer; the access log records it.',
  },
  HTTP_OVERLOADED: {
    kind: 'unavailable',
    message: 'The service is busy; try again shortly',
    meaning:
      'More requests are in progress than `http.max.connections` allows (the connection is closed after the answer), or the body would take request bodies in memory past `http.max.inflight.body.bytes` (the body is dropped as it arrives). `Retry-After` says when to try again.',
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
  HTTP_CROSS_SITE_WEBSOCKET_REFUSED: {
    kind: 'forbidden',
    message: 'A websocket opened from another site may not use the browser’s cookies',
    meaning:
      'A websocket upgrade whose Origin (or Sec-Fetch-Site) names another site than http.cors.origins allows, and whose only credentials are cookies (cross-site websocket hijacking). A bearer API key is accepted from anywhere.',
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
