import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { Tour } from '../schema/tour';
import { tellOwner } from '../notifications/tell-owner';
import { tourTitle } from '../schema/tour-title';

export interface LeadNews {
  /** `lead`: the lead form; `unlock`: the locked-tour modal, which opens an unpublished tour with the watermark. */
  kind: 'lead' | 'unlock';
  leadId: number;
  email: string;
  name: string;
  url: string;
}

/**
 * Tells the tour's owner a visitor left their address: an inbox entry and a mail to the tour's contact address
 * (else the owner's), which the owner can answer straight to the visitor.
 */
export async function tellOwnerOfLead(c: Context<AppEnv>, tour: Tour, lead: LeadNews): Promise<void> {
  if (tour.userId === null) return;
  const title = tourTitle(tour);
  const who = lead.name || lead.email;
  const text =
    lead.kind === 'unlock'
      ? `${who} left their e-mail to open "${title}": the tour is now visible to visitors, with the watermark, until it is published.`
      : `${who} left their contact details on "${title}".`;
  await tellOwner(c, {
    userId: tour.userId,
    kind: lead.kind,
    tourId: tour.id,
    text,
    data: { leadId: lead.leadId, name: lead.name, email: lead.email, url: lead.url },
    mail: {
      to: tour.email,
      replyTo: lead.email,
      subject: `New lead for "${title}"`,
      text: [text, `Name: ${lead.name || '-'}`, `E-mail: ${lead.email}`, `Page: ${lead.url || '-'}`].join('\n'),
    },
  });
}
