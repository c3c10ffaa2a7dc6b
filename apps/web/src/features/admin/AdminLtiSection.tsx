// Docs: docs/institutions.md#the-admin-page — LTI platforms (add, edit, disable) and the last
// launches and errors.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { LtiPlatform } from '@seminar/shared';
import { useLtiLaunches, useLtiPlatformActions, useLtiPlatforms } from '../../data/lti';
import { describeError } from '../../live/errors';
import { LoadError } from '../common/EmptyState';
import { LtiPlatformDialog } from './LtiPlatformDialog';

export function AdminLtiSection() {
  const platforms = useLtiPlatforms();
  const launches = useLtiLaunches();
  const actions = useLtiPlatformActions();
  const [editing, setEditing] = useState<LtiPlatform | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const setEnabled = async (platform: LtiPlatform, enabled: boolean) => {
    const { version: _version, ...rest } = platform;
    setError(await actions.update({ ...rest, enabled }));
  };

  return (
    <Stack component="section" aria-labelledby="admin-lti-heading" spacing={2}>
      <Typography id="admin-lti-heading" variant="h5" component="h2">
        LTI platforms
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Learning platforms (Canvas, Moodle) that open Seminar from their courses. Seminar&apos;s
        login URL is <code>/lti/login</code>, its redirect URI <code>/lti/launch</code>, its key set{' '}
        <code>/lti/jwks</code>.
      </Typography>
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {platforms.isPending ? (
        <CircularProgress aria-label="Loading platforms" />
      ) : platforms.isError ? (
        <LoadError
          message={describeError(platforms.error)}
          onRetry={() => void platforms.refetch()}
        />
      ) : platforms.data.length === 0 ? (
        <Typography>No platform is registered yet.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="LTI platforms">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Issuer</TableCell>
                <TableCell>Client id</TableCell>
                <TableCell>State</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {platforms.data.map((platform) => (
                <TableRow key={platform.id}>
                  <TableCell>{platform.name}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{platform.issuer}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{platform.client_id}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={platform.enabled ? 'Enabled' : 'Disabled'}
                      color={platform.enabled ? 'success' : 'default'}
                    />
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      <Button
                        size="small"
                        color="inherit"
                        variant="outlined"
                        onClick={() => setEditing(platform)}
                        aria-label={`Edit ${platform.name}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="small"
                        color="inherit"
                        variant="outlined"
                        onClick={() => void setEnabled(platform, !platform.enabled)}
                        aria-label={`${platform.enabled ? 'Disable' : 'Enable'} ${platform.name}`}
                      >
                        {platform.enabled ? 'Disable' : 'Enable'}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <div>
        <Button variant="contained" onClick={() => setEditing('new')}>
          Add platform
        </Button>
      </div>

      <Typography variant="h6" component="h3">
        Last launches and errors
      </Typography>
      {launches.isPending ? (
        <CircularProgress aria-label="Loading launches" />
      ) : launches.isError ? (
        <LoadError
          message={describeError(launches.error)}
          onRetry={() => void launches.refetch()}
        />
      ) : launches.data.length === 0 ? (
        <Typography>No launch yet.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Last launches and errors">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Platform</TableCell>
                <TableCell>What</TableCell>
                <TableCell>Result</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {launches.data.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell>{new Date(entry.at).toLocaleString()}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    {entry.platform ?? 'Unknown'}
                  </TableCell>
                  <TableCell>{entry.kind}</TableCell>
                  <TableCell>
                    {entry.ok ? 'OK' : 'Refused'}: {entry.detail}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && (
        <LtiPlatformDialog
          platform={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={async (fields) => {
            const problem =
              editing === 'new'
                ? await actions.add(fields)
                : await actions.update({ ...fields, id: editing.id, enabled: editing.enabled });
            if (!problem) setEditing(null);
            return problem;
          }}
        />
      )}
    </Stack>
  );
}
