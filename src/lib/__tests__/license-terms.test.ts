import { fillText } from '../placeholders';
import { devicesRule, formatUsd, licenseFacts, machineCount } from '../license-terms';

// The words the site states the price and the machine rule in, from the settings.

const facts = (machineLimit: number | null, licensePriceUsd = 15) => ({
  supportEmail: 'help@example.com',
  toolCount: 45,
  freeToolCount: 3,
  ...licenseFacts({ licensePriceUsd, machineLimit }),
});

describe('license terms from the settings', () => {
  it('states the price from the setting', () => {
    expect(formatUsd(15)).toBe('$15');
    expect(formatUsd(12.5)).toBe('$12.50');
    expect(fillText('A license costs {{licensePrice}} per month.', facts(null, 19))).toBe(
      'A license costs $19 per month.',
    );
  });

  it('by default promises every computer of the user, with no number', () => {
    const text = fillText('Use it on {{licenseComputers}}. {{machineLimitNote}}', facts(null));
    expect(text).toBe('Use it on as many of their own computers as they like. ');
    expect(machineCount(2, null)).toBe('2 computers');
    expect(machineCount(1, null)).toBe('1 computer');
    expect(devicesRule(null)).toMatch(/no limit/);
  });

  it("with a seller's limit, says that number everywhere", () => {
    const text = fillText('Use it on {{licenseComputers}}. {{machineLimitNote}}', facts(3));
    expect(text).toMatch(
      /^Use it on up to 3 of their own computers at once\. A license is used on at most 3 computers at once/,
    );
    expect(machineCount(2, 3)).toBe('2 of 3');
    expect(devicesRule(3)).toBe('A license works on up to 3 computers at once.');
    expect(fillText('{{licenseComputers}}', facts(1))).toBe('one of their own computers at a time');
  });
});
