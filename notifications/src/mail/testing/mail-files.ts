import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';

/** Every .eml file the file mailer wrote to a folder, parsed, oldest first; none while it does not exist. */
export async function readMailFiles(directory: string): Promise<ParsedMail[]> {
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => name.endsWith('.eml')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(names.map(async (name) => simpleParser(await readFile(path.join(directory, name)))));
}
