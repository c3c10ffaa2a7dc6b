import { afterEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { createQueryClient } from './queryClient';

afterEach(() => onlineManager.setOnline(true));

describe('createQueryClient', () => {
  it('runs a mutation while the browser says it is offline, so its failure can be worded', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const request = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const run = client.getMutationCache().build(client, { mutationFn: request }).execute(undefined);
    await expect(run).rejects.toThrow('Failed to fetch');
    expect(request).toHaveBeenCalledOnce();
  });
});
