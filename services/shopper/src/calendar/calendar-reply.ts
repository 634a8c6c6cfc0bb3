import type { FastifyReply } from 'fastify';

/** A calendar file as a download: `text/calendar`, saved under `filename` rather than shown. */
export function sendCalendar(reply: FastifyReply, file: { filename: string; body: string }): string {
  void reply.header('content-type', 'text/calendar; charset=utf-8');
  void reply.header('content-disposition', `attachment; filename="${file.filename}"`);
  void reply.header('cache-control', 'private, no-cache');
  return file.body;
}
