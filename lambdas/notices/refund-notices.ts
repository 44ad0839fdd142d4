import { listSlots } from '../lib/repository/licenses';
import { refundsOfPayment } from '../lib/stripe';
import { refundConfirmed } from '../mail/templates/refund-confirmed';
import { sendMoneyMail } from './money-mail';

// The refund mail: one for each refund, whoever made it (the satisfaction guarantee, support's tool,
// Stripe's Dashboard, an orphan payment refunded by the webhook), claimed by the refund's id
// (`refund:<id>`), so the guarantee's own call and Stripe's `charge.refunded` for the same refund mail
// it once. Read from Stripe when sent: the payment, each refund's amount, and the guarantee's refunds
// by their metadata (request-refund puts `reason: satisfaction_guarantee` and the subscription there).

const GUARANTEE = 'satisfaction_guarantee';

/**
 * Mails the account (and its billing email) about each refund of the payment `paymentIntent` not
 * mailed yet. Throws after trying them all if one could not be sent.
 */
export async function tellAboutRefunds(uid: string, paymentIntent: string): Promise<void> {
  const payment = await refundsOfPayment(paymentIntent);
  for (const refund of payment.refunds) {
    const subscription = refund.metadata?.subscription;
    const guarantee =
      refund.metadata?.reason === GUARANTEE && subscription
        ? { licenses: (await listSlots(uid, subscription)).length }
        : undefined;
    await sendMoneyMail(uid, `refund:${refund.id}`, refundConfirmed, {
      amount: refund.amount,
      currency: refund.currency,
      refundedAt: refund.created,
      paymentAmount: payment.amount,
      paidAt: payment.created,
      ...(guarantee && { guarantee }),
    });
  }
}
