// Docs: docs/ai.md#tables-in-attached-files — which file on a message DataAnalystBot reads as its
// table, and how the file's text joins the message's for the engine (a fenced block, so the
// message's own words are what it is asked).

/**
 * The file names DataAnalystBot reads, by extension, and the fence language each becomes (`csv`
 * tries comma, semicolon and tab; `tsv` only tab).
 */
const TABLE_FILE_LANGUAGES = new Map<string, 'csv' | 'tsv'>([
  ['csv', 'csv'],
  ['tsv', 'tsv'],
  ['tab', 'tsv'],
  ['txt', 'csv'],
]);

/** A file on a message as the bot sees it. */
export interface TableFileCandidate {
  id: string;
  name: string;
  size: number;
}

/** The file the bot reads, with the fence language its extension names. */
export interface TableFile extends TableFileCandidate {
  language: 'csv' | 'tsv';
}

/**
 * The first attached file named like a table (`.csv`, `.tsv`, `.tab`, `.txt`, any case), or null.
 * Files are stored by their bytes' type (a CSV is application/octet-stream): the name decides.
 */
export function analystTableFile(files: readonly TableFileCandidate[]): TableFile | null {
  for (const file of files) {
    const dot = file.name.lastIndexOf('.');
    const language =
      dot > 0 ? TABLE_FILE_LANGUAGES.get(file.name.slice(dot + 1).toLowerCase()) : undefined;
    if (language !== undefined) return { ...file, language };
  }
  return null;
}

/**
 * The text the engine reads for a message with a table file: the message's words (what it is
 * asked), then the file's text as a fenced block. A byte-order mark is dropped.
 */
export function withTableFile(body: string, file: TableFile, fileText: string): string {
  const text = fileText.startsWith('\uFEFF') ? fileText.slice(1) : fileText;
  return `${body}\n\n\`\`\`${file.language}\n${text}${text.endsWith('\n') ? '' : '\n'}\`\`\``;
}
