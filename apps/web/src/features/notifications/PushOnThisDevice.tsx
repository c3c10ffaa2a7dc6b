// Docs: docs/channels.md#web-push — "Push on this device": this browser's Web Push subscription.
// Off until the person turns it on (that click is what asks the browser's permission); on, the
// server pushes mentions — and, per channel level, messages — while no tab of theirs is visible.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { pushSubscribeSchema } from '@seminar/shared';
import { usePushActions } from '../../data/notifications';
import {
  browserLabel,
  currentPushSubscription,
  keyBytes,
  pushUnavailableReason,
  subscribePush,
} from './pushDevice';

/** Whether `subscription` was made with the server's key `publicKey` (base64url). */
async function sameKey(subscription: PushSubscription, publicKey: string): Promise<boolean> {
  const made = subscription.options?.applicationServerKey;
  if (!made) return true;
  const expected = keyBytes(publicKey);
  const actual = new Uint8Array(made);
  return (
    actual.length === expected.length && actual.every((byte, index) => byte === expected[index])
  );
}

type State =
  { kind: 'checking' } | { kind: 'unavailable'; reason: string } | { kind: 'ready'; on: boolean };

const BLOCKED =
  'Notifications are blocked for this site. Allow them in the browser’s site settings.';

/** What a failed "turn on" says. */
const FAILURE: Record<'denied' | 'dismissed' | 'no-worker' | 'push-service', string> = {
  denied: BLOCKED,
  dismissed: 'Push stays off: the browser’s question was closed without an answer.',
  'no-worker': 'Push needs the installed app (its service worker), which this page does not run.',
  'push-service':
    'This browser could not reach its push service, so push cannot be turned on here. Try again later, or another browser.',
};

export function PushOnThisDevice() {
  const actions = usePushActions();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const reason = pushUnavailableReason();
    if (reason) {
      setState({ kind: 'unavailable', reason });
      return;
    }
    currentPushSubscription()
      .then(async (subscription) => {
        // Made with another server key (VAPID keys changed): the push service would refuse the
        // server's pushes, so it is dropped and the switch shows off.
        const key = subscription ? await actions.publicKey().catch(() => null) : null;
        if (subscription && key && !(await sameKey(subscription, key))) {
          await actions.unsubscribe(subscription.endpoint).catch(() => undefined);
          await subscription.unsubscribe().catch(() => false);
          subscription = null;
        }
        if (!live) return;
        setState({ kind: 'ready', on: subscription !== null });
        // Keeps the server's copy current (another person may have used this browser since).
        const parsed = subscription && pushSubscribeSchema.safeParse(subscription.toJSON());
        if (parsed?.success)
          void actions
            .subscribe({ ...parsed.data, label: browserLabel(navigator.userAgent) })
            .catch(() => undefined);
      })
      .catch(() => live && setState({ kind: 'ready', on: false }));
    return () => {
      live = false;
    };
  }, [actions]);

  const turnOn = async () => {
    const outcome = await subscribePush(await actions.publicKey());
    if (!outcome.ok) {
      setError(FAILURE[outcome.reason]);
      return;
    }
    const parsed = pushSubscribeSchema.safeParse(outcome.subscription.toJSON());
    if (!parsed.success) {
      await outcome.subscription.unsubscribe().catch(() => false);
      setError(FAILURE['push-service']);
      return;
    }
    await actions.subscribe({ ...parsed.data, label: browserLabel(navigator.userAgent) });
    setState({ kind: 'ready', on: true });
  };

  const turnOff = async () => {
    const subscription = await currentPushSubscription();
    if (subscription) {
      await actions.unsubscribe(subscription.endpoint);
      await subscription.unsubscribe().catch(() => false);
    }
    setState({ kind: 'ready', on: false });
  };

  const toggle = (on: boolean) => {
    setError(null);
    setBusy(true);
    (on ? turnOn() : turnOff())
      .catch((cause: unknown) =>
        setError(
          cause instanceof Error && cause.message
            ? `Push could not be changed: ${cause.message}`
            : 'Push could not be changed. Try again.',
        ),
      )
      .finally(() => setBusy(false));
  };

  const blocked =
    state.kind === 'ready' &&
    typeof Notification !== 'undefined' &&
    Notification.permission === 'denied';

  return (
    <Stack spacing={1}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        With every Seminar tab closed, this device can still show mentions (and, in channels set to
        all messages, every message) as notifications. Nothing is pushed while a Seminar tab is in
        front of you.
      </Typography>
      {state.kind === 'checking' && (
        <Typography role="status" variant="body2">
          Checking this browser…
        </Typography>
      )}
      {state.kind === 'unavailable' && <Alert severity="info">{state.reason}</Alert>}
      {state.kind === 'ready' && (
        <FormControlLabel
          control={
            <Switch
              checked={state.on}
              disabled={busy || (blocked && !state.on)}
              onChange={(event) => toggle(event.target.checked)}
            />
          }
          label="Push on this device"
        />
      )}
      {blocked && !error && <Alert severity="warning">{BLOCKED}</Alert>}
      {error && (
        <Alert severity="warning" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
