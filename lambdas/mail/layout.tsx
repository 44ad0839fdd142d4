import React, { type ReactNode } from 'react';
import { Body, Button, Container, Head, Heading, Hr, Html, Preview, Text } from '@react-email/components';
import type { MailSite } from './template';

// The frame every mail shares, and the few blocks templates write with. Inline styles only (mail
// clients drop style sheets); a single column 560 px wide that narrows on a phone.

const font = '-apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';
const styles = {
  body: { backgroundColor: '#f4f5f7', fontFamily: font, margin: 0, padding: '24px 0' },
  container: {
    backgroundColor: '#ffffff',
    border: '1px solid #e3e5e8',
    borderRadius: '8px',
    maxWidth: '560px',
    padding: '24px 32px',
  },
  brand: { color: '#1d4ed8', fontSize: '14px', fontWeight: 700, letterSpacing: '0.04em', margin: '0 0 16px' },
  heading: { color: '#111827', fontSize: '20px', lineHeight: '28px', margin: '0 0 16px' },
  text: { color: '#1f2937', fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' },
  fact: { color: '#1f2937', fontSize: '15px', lineHeight: '22px', margin: '0 0 4px' },
  button: {
    backgroundColor: '#1d4ed8',
    borderRadius: '6px',
    color: '#ffffff',
    display: 'inline-block',
    fontSize: '15px',
    fontWeight: 600,
    padding: '10px 18px',
    textDecoration: 'none',
  },
  hr: { borderColor: '#e3e5e8', margin: '24px 0 16px' },
  footer: { color: '#6b7280', fontSize: '13px', lineHeight: '20px', margin: 0 },
} as const;

export function Layout(props: { site: MailSite; preview: string; title: string; children: ReactNode }) {
  const { site } = props;
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>STOCKBENCH</Text>
          <Heading as="h1" style={styles.heading}>
            {props.title}
          </Heading>
          {props.children}
          <Hr style={styles.hr} />
          <Text style={styles.footer}>
            Questions? Write to {site.supportEmail}. Stockbench, {site.siteUrl}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export const P = ({ children }: { children: ReactNode }) => <Text style={styles.text}>{children}</Text>;

/** A label and its value on one line ("Amount: $30.00"), in both parts. */
export const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Text style={styles.fact}>
    <b>{label}:</b> {children}
  </Text>
);

/** A block of facts, spaced like a paragraph. */
export const Facts = ({ children }: { children: ReactNode }) => (
  <div style={{ margin: '0 0 16px' }}>{children}</div>
);

/** The mail's one action, as a button; its address follows its label in the plain-text part. */
export const Action = ({ href, children }: { href: string; children: ReactNode }) => (
  <Text style={styles.text}>
    <Button href={href} style={styles.button}>
      {children}
    </Button>
  </Text>
);
