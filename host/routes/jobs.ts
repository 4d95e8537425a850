import { Type } from '@sinclair/typebox';
import { PagingQuery, pagedReply } from '../http/paging.js';
import { route } from '../http/route.js';
import { DeletedSchema, deletedView } from '../views/deleted-view.js';
import { JobSchema, jobView } from '../views/job-view.js';
import { defineRoutes } from './route-module.js';

const JobId = Type.Object({ id: Type.String({ minLength: 1, maxLength: 36 }) });
const JobListQuery = Type.Composite([
  PagingQuery,
  Type.Object({
    status: Type.Optional(
      Type.Union([Type.Literal('pending'), Type.Literal('running'), Type.Literal('done'), Type.Literal('dead')]),
    ),
  }),
]);

/** Durable jobs (mail and other side effects of workflow actions), for administrators. */
export default defineRoutes('jobs', ['jobAdmin'], ({ jobAdmin }) => [
  route({
    method: 'GET',
    path: '/api/v1/jobs',
    access: 'admin',
    summary: 'Lists durable jobs a page at a time, newest first; `status` (pending, running, done, dead) filters',
    query: JobListQuery,
    response: { schema: Type.Array(JobSchema) },
    handler: ({ query }) => pagedReply(query, (page) => jobAdmin.list({ ...page, status: query.status }), jobView),
  }),
  route({
    method: 'GET',
    path: '/api/v1/jobs/:id',
    access: 'admin',
    summary: 'One durable job, with its payload and last error',
    answers: { 404: 'no such job' },
    params: JobId,
    response: { schema: JobSchema },
    handler: async ({ params }) => jobView(await jobAdmin.get(params.id)),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/jobs/:id/_retry',
    access: 'admin',
    summary: 'Makes a dead job (or one waiting for its next attempt) due now, its attempts counted afresh',
    answers: { 404: 'no such job', 409: 'the job is running or done' },
    params: JobId,
    response: { schema: JobSchema },
    handler: async ({ params }) => jobView(await jobAdmin.retry(params.id)),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/jobs/:id',
    access: 'admin',
    summary: 'Drops a job that is not running: it never runs (again)',
    answers: { 404: 'no such job', 409: 'the job is running' },
    params: JobId,
    response: { schema: DeletedSchema },
    handler: async ({ params }) => {
      await jobAdmin.drop(params.id);
      return deletedView(params.id);
    },
  }),
]);
