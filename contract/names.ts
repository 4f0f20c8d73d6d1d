/**
 * People's names as lists read them: a name is shown as written, but its initials and its place in a list
 * ignore the titles in front of it ("Mrs. Grace Eze" shows GE and sorts as "grace eze"). Recorded in
 * docs/decisions.md.
 */

/** Titles people write before a name, matched in any letter case, with or without a trailing dot. */
export const NAME_TITLES = [
  "Mr",
  "Mrs",
  "Miss",
  "Ms",
  "Dr",
  "Prof",
  "Engr",
  "Barr",
  "Hon",
  "Alhaji",
  "Alhaja",
  "Hajia",
  "Hajiya",
  "Chief",
  "Pastor",
  "Rev",
  "Revd",
] as const;

const TITLES = new Set(NAME_TITLES.map((t) => t.toLowerCase()));

const isTitle = (word: string) => TITLES.has(word.replace(/\.$/, "").toLowerCase());

/**
 * The name without its leading titles (several in a row: "Chief Dr. Ada Obi" is "Ada Obi"), one space
 * between words. A name that is only titles stays as it is.
 */
export function withoutTitles(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words.findIndex((w) => !isTitle(w));
  return (first === -1 ? words : words.slice(first)).join(" ");
}

/** The key a list of people sorts by: the name without its titles, in lower case. */
export function nameSortKey(name: string): string {
  return withoutTitles(name).toLowerCase();
}

/** The initials of a name on an avatar: the first letters of its first and last words, titles aside. */
export function initials(name: string): string {
  const words = withoutTitles(name).split(" ").filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((w) => w![0]!.toUpperCase()).join("") || "?";
}
