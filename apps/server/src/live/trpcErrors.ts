// Docs: docs/ARCHITECTURE.md#errors — the one mapping of what a procedure threw to what the socket
// answers. Commands, policies and topics throw domain errors (errors.ts); tRPC wraps anything that
// is not its own error as an INTERNAL_SERVER_ERROR with the thrown error as its cause, so the cause
// is what decides: a DomainError keeps its code and words; an unexpected failure the domain knows
// (an unreachable database, the archive guard's refusal) becomes that; anything else stays internal
// (logged under an error id, worded for the client by the error formatter).
import { getTRPCErrorFromUnknown, TRPCError } from '@trpc/server';
import { DomainError, knownFailure } from '../errors';

/** The domain error behind `error`, if there is one. */
export function domainErrorOf(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error;
  if (error instanceof TRPCError && error.cause instanceof DomainError) return error.cause;
  if (error instanceof TRPCError && error.code === 'INTERNAL_SERVER_ERROR')
    return knownFailure(error);
  return null;
}

/** What the socket (and the server's own callers) get for `thrown`. */
export function toTRPCError(thrown: unknown): TRPCError {
  const domain = domainErrorOf(thrown);
  if (domain) return new TRPCError({ code: domain.code, message: domain.message, cause: domain });
  return getTRPCErrorFromUnknown(thrown);
}

/** True for an error the server caused (the same request may well succeed later). */
export function failedOnTheServer(error: TRPCError): boolean {
  return error.code === 'INTERNAL_SERVER_ERROR' || error.code === 'SERVICE_UNAVAILABLE';
}
