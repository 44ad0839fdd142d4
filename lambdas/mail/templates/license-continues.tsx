import React from 'react';
import { P } from '../layout';
import { mailTemplate } from '../template';

/** To a holder told their license would end: the buyer keeps it renewing after all. */
export const licenseContinues = mailTemplate<{
  buyerEmail: string | undefined;
  key: string;
}>({
  subject: () => 'Your Stockbench license continues',
  body: (d) => (
    <>
      <P>
        Good news: the Stockbench license {d.key} you hold no longer ends.{' '}
        {d.buyerEmail ?? 'The account paying for it'} keeps renewing it, every month as before.
      </P>
      <P>Nothing changes for you: the desktop application keeps every tool with the same key.</P>
    </>
  ),
});
