// Docs: docs/debrief.md#figures — the participation table (staff: every student, sortable by any
// column) and a student's own figures.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { PARTICIPATION_FIGURE_LABELS, type ParticipationRow } from '@seminar/shared';

type Column = 'name' | Exclude<keyof typeof PARTICIPATION_FIGURE_LABELS, never> | 'last_post';
const NUMBER_COLUMNS = [
  'messages',
  'words',
  'replies',
  'mentions_received',
  'reactions_received',
  'poll_votes',
  'agent_questions',
] as const;

const when = (at: string | null) => (at ? new Date(at).toLocaleString() : '—');

function sortValue(row: ParticipationRow, column: Column): string | number {
  if (column === 'name') return row.name.toLowerCase();
  if (column === 'phases') return row.phases.length;
  if (column === 'last_post') return row.last_post ?? '';
  return row[column];
}

export function ParticipationTable({ rows }: { rows: readonly ParticipationRow[] }) {
  const [column, setColumn] = useState<Column>('name');
  const [direction, setDirection] = useState<'asc' | 'desc'>('asc');
  const sorted = [...rows].sort((a, b) => {
    const x = sortValue(a, column);
    const y = sortValue(b, column);
    const order = x < y ? -1 : x > y ? 1 : 0;
    return direction === 'asc' ? order : -order;
  });
  const header = (key: Column, label: string, numeric = false) => (
    <TableCell
      key={key}
      align={numeric ? 'right' : 'left'}
      sortDirection={column === key ? direction : false}
    >
      <TableSortLabel
        active={column === key}
        direction={column === key ? direction : 'asc'}
        onClick={() => {
          if (column === key) setDirection(direction === 'asc' ? 'desc' : 'asc');
          else {
            setColumn(key);
            setDirection(key === 'name' ? 'asc' : 'desc');
          }
        }}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
  // Wide: the table scrolls sideways within its region on a phone (it is focusable to scroll by keys).
  return (
    <Box
      role="region"
      aria-label="Participation table"
      tabIndex={0}
      sx={{ overflowX: 'auto', maxWidth: '100%' }}
    >
      <Table size="small" aria-label="Participation per student">
        <TableHead>
          <TableRow>
            {header('name', 'Student')}
            {NUMBER_COLUMNS.map((key) => header(key, PARTICIPATION_FIGURE_LABELS[key], true))}
            {header('phases', PARTICIPATION_FIGURE_LABELS.phases)}
            <TableCell>First post</TableCell>
            {header('last_post', 'Last post')}
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((row) => (
            <TableRow key={row.uid}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {row.name}
              </TableCell>
              {NUMBER_COLUMNS.map((key) => (
                <TableCell key={key} align="right">
                  {row[key]}
                </TableCell>
              ))}
              <TableCell>{row.phases.join(', ') || '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(row.first_post)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(row.last_post)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function OwnFigures({ row }: { row: ParticipationRow }) {
  const items: Array<[string, string | number]> = [
    ...NUMBER_COLUMNS.map((key): [string, number] => [PARTICIPATION_FIGURE_LABELS[key], row[key]]),
    [PARTICIPATION_FIGURE_LABELS.phases, row.phases.join(', ') || '—'],
    ['First post', when(row.first_post)],
    ['Last post', when(row.last_post)],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
