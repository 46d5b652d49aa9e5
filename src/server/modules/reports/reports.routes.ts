import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  reportQuerySchema,
  reportSchema,
  statementQuerySchema,
  statementSchema,
} from '../../../core/reports/schemas.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors } from '../../http/schemas.ts';
import { reportFilename } from './reports.csv.ts';
import { statementFilename, type ReportsService } from './reports.service.ts';

/** A reply that sends a file instead of the route's JSON answer (its schema documents the JSON). */
const download = (reply: FastifyReply): FastifyReply => reply;

export function reportsRoutes(app: FastifyInstance, reports: ReportsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/reports', {
    config: { access: access.roles('mechanic', 'dispatcher'), scope: 'reports:read' },
    schema: {
      tags: ['reports'],
      summary:
        "A custom report of the business's jobs (Enterprise; owner or dispatcher): UTC days, `to` included; `format=csv` or `format=pdf` answers a download",
      querystring: reportQuerySchema,
      response: { 200: reportSchema, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const answer = await reports.report(currentUser(request), request.query);
      if (answer.format === 'json') return answer.report;
      const type = answer.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf';
      return download(reply)
        .header('content-type', type)
        .header(
          'content-disposition',
          `attachment; filename="${reportFilename(answer.report, answer.format)}"`,
        )
        .send(answer.body);
    },
  });

  r.get('/api/reports/statement', {
    config: { access: access.roles('mechanic'), scope: 'reports:read' },
    schema: {
      tags: ['reports'],
      summary:
        "A month's statement of the business (its owner; every plan): jobs, revenue, fees, rating; `format=pdf` answers the PDF",
      querystring: statementQuerySchema,
      response: { 200: statementSchema, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const answer = await reports.statement(currentUser(request), request.query);
      if (answer.format === 'json') return answer.statement;
      return download(reply)
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${statementFilename(answer.statement.month)}"`,
        )
        .send(answer.body);
    },
  });
}
