import { describe, expect, it, vi } from 'vitest';
import type { ShareInbox } from './shareInbox.ts';
import { claimLandedShare } from './claimLandedShare.ts';

const taylor = { subject: '1', organization: 'org', name: 'Taylor Technician' };

function inbox() {
  return { claim: vi.fn(async () => undefined) } as unknown as ShareInbox & {
    claim: ReturnType<typeof vi.fn>;
  };
}

describe('a share landing in a page', () => {
  it('is bound to the person signed in there, and its name leaves the address', async () => {
    const shares = inbox();
    expect(await claimLandedShare('https://app.test/share?received=s1', taylor, shares)).toBe('/share');
    expect(shares.claim).toHaveBeenCalledWith('s1', taylor);
  });

  it('landing signed out stays nobody’s, for the next person to be asked', async () => {
    const shares = inbox();
    expect(await claimLandedShare('https://app.test/share?received=s1', null, shares)).toBe('/share');
    expect(shares.claim).not.toHaveBeenCalled();
  });

  it('leaves any other address alone', async () => {
    const shares = inbox();
    expect(await claimLandedShare('https://app.test/share?problem=empty', taylor, shares)).toBeNull();
    expect(shares.claim).not.toHaveBeenCalled();
  });
});
