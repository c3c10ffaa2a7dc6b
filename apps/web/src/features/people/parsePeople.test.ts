import { describe, expect, it } from 'vitest';
import { parsePeople, splitCsvLine } from './parsePeople';

describe('splitCsvLine', () => {
  it('splits on commas, semicolons and tabs, trimming each field', () => {
    expect(splitCsvLine(' a , b;c\td ')).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps separators and doubled quotes inside quoted fields', () => {
    expect(splitCsvLine('"Lovelace, Ada",ada@x.edu')).toEqual(['Lovelace, Ada', 'ada@x.edu']);
    expect(splitCsvLine('"The ""Count""", c@x.edu')).toEqual(['The "Count"', 'c@x.edu']);
  });
});

describe('parsePeople', () => {
  it('reads one address per line, normalized (trimmed, lower-cased)', () => {
    expect(parsePeople('  Ada@Example.edu \n\nbob@example.edu\n')).toEqual({
      people: [
        { email: 'ada@example.edu', name: '' },
        { email: 'bob@example.edu', name: '' },
      ],
      invalid: [],
      duplicates: [],
    });
  });

  it('reads comma-, semicolon- and space-separated addresses on one line', () => {
    const { people } = parsePeople('a@x.edu, b@x.edu; c@x.edu d@x.edu');
    expect(people.map((p) => p.email)).toEqual(['a@x.edu', 'b@x.edu', 'c@x.edu', 'd@x.edu']);
  });

  it('reads a CSV with email,name or name,email columns and skips the header row', () => {
    const csv = 'email,name\nada@x.edu,"Lovelace, Ada"\n"Hopper, Grace",grace@x.edu\r\n';
    expect(parsePeople(csv)).toEqual({
      people: [
        { email: 'ada@x.edu', name: 'Lovelace, Ada' },
        { email: 'grace@x.edu', name: 'Hopper, Grace' },
      ],
      invalid: [],
      duplicates: [],
    });
    expect(parsePeople('Name;E-mail\nTuring Alan;alan@x.edu').people).toEqual([
      { email: 'alan@x.edu', name: 'Turing Alan' },
    ]);
  });

  it('takes an unquoted "Last, First, email" row as name and address', () => {
    expect(parsePeople('Lovelace, Ada, ada@x.edu').people).toEqual([
      { email: 'ada@x.edu', name: 'Lovelace, Ada' },
    ]);
  });

  it('reads "Name <address>" as mail programs copy it', () => {
    expect(parsePeople('Ada Lovelace <ada@x.edu>, "Bob" <bob@x.edu>').people).toEqual([
      { email: 'ada@x.edu', name: 'Ada Lovelace' },
      { email: 'bob@x.edu', name: 'Bob' },
    ]);
  });

  // As Outlook, Gmail and Apple Mail copy a To: field (issue 33): names with commas, quoted or not,
  // lists separated by commas or semicolons, groups.
  it.each([
    ['Turing, Alan <alan.turing@x.edu>', [{ email: 'alan.turing@x.edu', name: 'Turing, Alan' }]],
    [
      'Turing, Alan <alan@x.edu>; Lovelace, Ada <ada@x.edu>',
      [
        { email: 'alan@x.edu', name: 'Turing, Alan' },
        { email: 'ada@x.edu', name: 'Lovelace, Ada' },
      ],
    ],
    [
      'Turing, Alan <alan@x.edu>, Lovelace, Ada <ada@x.edu>',
      [
        { email: 'alan@x.edu', name: 'Turing, Alan' },
        { email: 'ada@x.edu', name: 'Lovelace, Ada' },
      ],
    ],
    [
      '"Turing, Alan" <alan@x.edu>, ada@x.edu',
      [
        { email: 'alan@x.edu', name: 'Turing, Alan' },
        { email: 'ada@x.edu', name: '' },
      ],
    ],
    [
      'Seminar group: Ada <ada@x.edu>, bob@x.edu;',
      [
        { email: 'ada@x.edu', name: 'Ada' },
        { email: 'bob@x.edu', name: '' },
      ],
    ],
    ['"Lovelace, Ada",ADA@x.edu', [{ email: 'ada@x.edu', name: 'Lovelace, Ada' }]],
  ])('reads the address list %s', (text, people) => {
    const result = parsePeople(text);
    expect(result.people).toEqual(people);
    expect(result.invalid).toEqual([]);
  });

  it('still lists a mail-header line it cannot read', () => {
    expect(parsePeople('Turing, Alan <not an address>').invalid).toEqual([
      { line: 1, text: 'Turing, Alan <not an address>', reason: 'has no email address' },
    ]);
  });

  it('lists the lines it cannot read, with their line numbers, and keeps the rest', () => {
    const result = parsePeople('ada@x.edu\nnot an address\n\nbob@x\nc@x.edu,d@x.edu,Someone');
    expect(result.people.map((p) => p.email)).toEqual(['ada@x.edu']);
    expect(result.invalid).toEqual([
      { line: 2, text: 'not an address', reason: 'has no email address' },
      { line: 4, text: 'bob@x', reason: 'is not a valid email address' },
      {
        line: 5,
        text: 'c@x.edu,d@x.edu,Someone',
        reason: 'has more than one email address mixed with other text',
      },
    ]);
  });

  it('adds an address given twice once, keeping a name given either time', () => {
    const result = parsePeople('ada@x.edu\nAda@x.edu,"Lovelace, Ada"\nada@x.edu');
    expect(result.people).toEqual([{ email: 'ada@x.edu', name: 'Lovelace, Ada' }]);
    expect(result.duplicates).toEqual(['ada@x.edu']);
  });

  it('ignores a byte-order mark and gives nothing for blank text', () => {
    expect(parsePeople('\uFEFFemail\nada@x.edu').people).toEqual([
      { email: 'ada@x.edu', name: '' },
    ]);
    expect(parsePeople('  \n \n')).toEqual({ people: [], invalid: [], duplicates: [] });
  });
});
