import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_PAGE_SIZE, auditLogBody, envelope } from '@bosphorus/contract';
import { errorAnswers, idString } from '../../plugins/routes.js';
import type { AuditRepository } from './audit.repository.js';
import { ADMIN_TAG, operatorsOnly, type OperatorGuardDeps } from './operators.js';

// The operator console's API (issue 17; README.md here). Every route of
// this context is under /api/admin, tagged `admin` in the OpenAPI document,
// and for operators only (operators.ts): admin.test.ts walks the document.

export { ADMIN_TAG } from './operators.js';

export interface AdminRoutesOptions extends OperatorGuardDeps {
  audit: AuditRepository;
}

export async function adminRoutes(app: FastifyInstance, opts: AdminRoutesOptions) {
  operatorsOnly(app, opts);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/audit-log',
    {
      schema: {
        tags: [ADMIN_TAG],
        summary: 'The audit log, newest first',
        querystring: z.object({
          before: idString().transform(Number).optional(),
          target_type: z.string().max(40).optional(),
          target_id: z.string().max(40).optional(),
        }),
        response: { 200: envelope(auditLogBody), ...errorAnswers(400, 401, 403) },
      },
    },
    async (req) => {
      const { before, target_type, target_id } = req.query;
      const target = target_type && target_id ? { type: target_type, id: target_id } : null;
      const entries = await opts.audit.list({ limit: AUDIT_PAGE_SIZE + 1, before: before ?? null, target });
      const more = entries.length > AUDIT_PAGE_SIZE;
      const page = more ? entries.slice(0, AUDIT_PAGE_SIZE) : entries;
      return { body: { entries: page, next_before: more ? page[page.length - 1]!.id : null } };
    },
  );
}
