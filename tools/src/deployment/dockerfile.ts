import { matchesGlob } from 'node:path';

/** One instruction of a Dockerfile: its keyword (upper case) and the rest of its line(s). */
export type Instruction = { keyword: string; args: string };
type Stage = { name: string; from: string; instructions: Instruction[] };

/**
 * The stages of a Dockerfile and their instructions, with continuation lines joined and
 * comments dropped: enough to check and replay its COPY and RUN steps without a Docker engine
 * (container-image.test.ts). Not a full parser: no heredocs, no escape directive.
 */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(trimmed) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, ' ').trim() };
    if (instruction.keyword === 'FROM') {
      const [, from = '', name = ''] = /^(\S+)(?:\s+AS\s+(\S+))?/i.exec(instruction.args) ?? [];
      stages.push({ name: name || String(stages.length), from, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

/** A COPY's sources and destination, and the stage it copies from (null: the build context). */
export function copyOf(instruction: Instruction) {
  const words = instruction.args.split(' ');
  const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length) ?? null;
  const paths = words.filter((word) => !word.startsWith('--'));
  return { from, sources: paths.slice(0, -1), destination: paths.at(-1) ?? '' };
}

/**
 * Whether .dockerignore leaves a path of the build context out: a pattern excludes what it
 * matches and everything under it. Patterns starting with `!` (re-include) are not used here
 * and refused, so a rule this cannot honour is not silently misread.
 */
export function dockerIgnores(patterns: string[], relativePath: string) {
  return patterns.some((pattern) => {
    if (pattern.startsWith('!')) throw new Error(`re-including patterns are not supported: ${pattern}`);
    return matchesGlob(relativePath, pattern) || matchesGlob(relativePath, `${pattern}/**`);
  });
}

export function readDockerignore(text: string) {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
