import type { z } from 'zod';
import { AUTH_MESSAGES } from '@bosphorus/contract';
import { ApiError } from '../../../lib/api';

/** Spec §8: a login or refresh reply that does not parse is 'Invalid response format'. */
export function parseAnswer<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiError(200, AUTH_MESSAGES.invalidResponseFormat);
  return result.data;
}
