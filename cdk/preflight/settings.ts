import { type AppConfig, emailAddress, isProduction } from '../lib/app-config';
import { fail, ok, warn, type Finding } from './findings';

// The checks a deploy's settings fail on their own, before any AWS call: the sender Cognito mails as
// must be on the SES identity (else CDK stops the synth with "fromEmail contains a different domain than
// the sesVerifiedDomain"), and production needs someone subscribed to its alarms.

const domainOf = (address: string): string => address.split('@')[1]?.toLowerCase() ?? '';

/** Why `sesIdentity` cannot send as `mailFrom`, or undefined when it can (or Cognito mails itself). */
function senderMismatch(config: Pick<AppConfig, 'mailFrom' | 'sesIdentity'>): string | undefined {
  const identity = config.sesIdentity?.toLowerCase();
  if (!identity) return undefined;
  const address = emailAddress(config.mailFrom).toLowerCase();
  if (identity.includes('@')) {
    return identity === address ? undefined : `sesIdentity ${identity} is not mailFrom's address ${address}`;
  }
  return domainOf(address) === identity
    ? undefined
    : `mailFrom ${address} is not on the SES identity ${identity} (sesIdentity), which Cognito sends as`;
}

export function checkSettings(config: AppConfig): Finding[] {
  const mismatch = senderMismatch(config);
  const sender = mismatch
    ? fail(
        'mail sender',
        mismatch,
        `set mailFrom to an address at ${config.sesIdentity ?? ''} (-c mailFrom=no-reply@${config.sesIdentity ?? ''}), or sesIdentity to mailFrom's domain`,
      )
    : ok('mail sender', emailAddress(config.mailFrom));
  const production = isProduction(config);
  const alarms = config.alarmEmail
    ? ok('alarm receiver', `${config.alarmEmail} (confirm the two subscription mails SNS sends)`)
    : (production ? fail : warn)(
        'alarm receiver',
        'no alarmEmail: the alarms notify topics nobody is subscribed to',
        '-c alarmEmail=ops@<your domain> (or subscribe to the AlarmTopicArn output yourself)',
      );
  return [sender, alarms];
}
