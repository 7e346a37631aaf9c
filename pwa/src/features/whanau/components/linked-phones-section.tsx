import { useState, type FormEvent } from 'react';
import { formatInviteCode, type CreatedInvite } from '@contract/whanau-app';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { SelectField } from '../../../components/select-field';
import { useT } from '../../../i18n/use-t';
import { useOnline } from '../../../lib/use-online';
import { useCreateInvite, useLinkedPhones, useUnlinkPhone } from '../api/linked-phones';
import type { ShownWhanau } from '../offline/whanau-items';
import { InviteQr } from './invite-qr';
import { nzDateTime, personName } from './labels';

/** Where the whānau app's link screen reads a code (`?code=`), on this site. */
export const inviteLink = (code: string) => `${window.location.origin}/whanau-app/link?code=${encodeURIComponent(code)}`;

/**
 * "Linked phones" (issue 34): invite an adult member to the whānau app with a one-time code (as
 * text and a QR code of the link), and the phones linked now, each of which can be unlinked.
 * Both need the server: with no signal the section says so instead of failing.
 */
export function LinkedPhonesSection({ whanau }: { whanau: ShownWhanau }) {
  const t = useT();
  const online = useOnline();
  const phones = useLinkedPhones(whanau._id, online);
  const unlink = useUnlinkPhone();
  const [inviting, setInviting] = useState(false);
  const [invite, setInvite] = useState<CreatedInvite | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const unlinkErrors = useFormErrors([] as const);
  const linked = (phones.data ?? []).filter((phone) => phone.revokedAt === null);

  async function unlinkPhone(deviceId: string, name: string) {
    if (await unlinkErrors.send(() => unlink.mutateAsync({ whanauId: whanau._id, deviceId }))) {
      setConfirming(null);
      setMessage(t('whanau.phones.unlinked', { name }));
    }
  }

  return (
    <section className="whanau-card whanau-noprint" aria-labelledby="phones-heading" data-testid="linked-phones">
      <div className="whanau-card__head">
        <h2 id="phones-heading">{t('whanau.phones.title')}</h2>
        {!inviting && (
          <Button
            variant="outline"
            size="sm"
            disabled={!online}
            onClick={() => {
              setMessage('');
              setInvite(null);
              setInviting(true);
            }}
          >
            {t('whanau.phones.invite')}
          </Button>
        )}
      </div>
      <p className="whanau-muted">{t('whanau.phones.lead')}</p>
      {!online && <p className="whanau-card--notice whanau-offline-note">{t('whanau.phones.offline')}</p>}
      <p className="whanau-status" role="status">
        {message}
      </p>
      {inviting && !invite && <InviteForm whanau={whanau} online={online} onMade={setInvite} onCancel={() => setInviting(false)} />}
      {invite && (
        <InviteCode
          invite={invite}
          name={memberName(whanau, invite.clientId) ?? t('whanau.members.another')}
          onDone={() => {
            setInvite(null);
            setInviting(false);
            void phones.refetch();
          }}
        />
      )}
      {phones.isError && <p className="whanau-problem">{t('whanau.phones.loadFailed')}</p>}
      {phones.data &&
        (linked.length === 0 ? (
          <p className="whanau-muted">{t('whanau.phones.none')}</p>
        ) : (
          <ul className="whanau-plain-list whanau-phones">
            {linked.map((phone) => (
              <li key={phone._id} data-testid="linked-phone">
                <p className="whanau-phones__name">
                  <strong>{phone.memberName}</strong>
                </p>
                <p className="whanau-muted">
                  {t('whanau.phones.linkedOn', { date: nzDateTime(phone.linkedAt) })} · {t('whanau.phones.lastSeen', { date: nzDateTime(phone.lastSeenAt) })}
                </p>
                {confirming === phone._id ? (
                  <div className="whanau-members__confirm" role="group" aria-labelledby={`unlink-${phone._id}`}>
                    <p id={`unlink-${phone._id}`}>{t('whanau.phones.unlinkConfirm', { name: phone.memberName })}</p>
                    <ErrorSummary state={unlinkErrors} />
                    <div className="whanau-form__actions">
                      <Button size="sm" variant="danger" disabled={!online || unlink.isPending} onClick={() => void unlinkPhone(phone._id, phone.memberName)}>
                        {t('whanau.phones.unlinkYes')}
                      </Button>
                      <Button variant="ghost" size="sm" onClick={() => setConfirming(null)}>
                        {t('whanau.cancel')}
                      </Button>
                    </div>
                  </div>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={!online}
                    aria-label={t('whanau.phones.unlinkOf', { name: phone.memberName })}
                    onClick={() => {
                      setMessage('');
                      unlinkErrors.clear();
                      setConfirming(phone._id);
                    }}
                  >
                    {t('whanau.phones.unlink')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

function memberName(whanau: ShownWhanau, clientId: string): string | undefined {
  const member = whanau.members.find((candidate) => candidate.clientId === clientId);
  return member?.client ? personName(member.client) : undefined;
}

const inviteFields = ['clientId'] as const;

/** Choose the member; the server says when they are under 16 or have no date of birth (on `clientId`). */
function InviteForm({
  whanau,
  online,
  onMade,
  onCancel,
}: {
  whanau: ShownWhanau;
  online: boolean;
  onMade: (invite: CreatedInvite) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const create = useCreateInvite();
  const [clientId, setClientId] = useState('');
  const form = useFormErrors(inviteFields);
  const members = whanau.members.flatMap((member) =>
    member.client && member.clientId ? [{ clientId: member.clientId, name: personName(member.client) }] : [],
  );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.clear();
    if (!clientId) {
      form.show([], { clientId: [t('whanau.phones.chooseMember')] });
      return;
    }
    await form.send(async () => onMade(await create.mutateAsync({ whanauId: whanau._id, clientId })));
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="whanau-form whanau-form--inset" aria-labelledby="invite-heading">
      <h3 id="invite-heading">{t('whanau.phones.invite')}</h3>
      <p className="whanau-muted">{t('whanau.phones.inviteLead')}</p>
      <ErrorSummary state={form} />
      <SelectField
        label={t('whanau.phones.member')}
        name="clientId"
        value={clientId}
        error={form.errorOf('clientId')}
        onChange={(event) => setClientId(event.currentTarget.value)}
      >
        <option value="">{t('whanau.choose')}</option>
        {members.map((member) => (
          <option key={member.clientId} value={member.clientId}>
            {member.name}
          </option>
        ))}
      </SelectField>
      <div className="whanau-form__actions">
        <Button type="submit" disabled={!online || create.isPending}>
          {t('whanau.phones.makeCode')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('whanau.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The code, once: large text to read out or type, a QR code of the link to scan, and when it expires. */
function InviteCode({ invite, name, onDone }: { invite: CreatedInvite; name: string; onDone: () => void }) {
  const t = useT();
  const code = formatInviteCode(invite.code);
  return (
    <div className="whanau-form whanau-form--inset whanau-invite" data-testid="invite-code">
      <h3>{t('whanau.phones.codeFor', { name })}</h3>
      <p className="whanau-invite__code" aria-label={t('whanau.phones.codeLabel', { code: [...invite.code].join(' ') })}>
        <span data-testid="invite-code-text">{code}</span>
      </p>
      <p className="whanau-muted">{t('whanau.phones.expires', { date: nzDateTime(invite.expiresAt) })}</p>
      {invite.emailedTo && (
        <p className="whanau-muted" role="status">
          {t('whanau.phones.emailed', { email: invite.emailedTo })}
        </p>
      )}
      <InviteQr text={inviteLink(invite.code)} label={t('whanau.phones.qr', { name })} />
      <p className="whanau-muted">{t('whanau.phones.codeHow')}</p>
      <div className="whanau-form__actions">
        <Button variant="outline" size="sm" onClick={onDone}>
          {t('whanau.phones.done')}
        </Button>
      </div>
    </div>
  );
}
