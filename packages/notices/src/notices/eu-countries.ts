// EU member states, by ISO 3166-1 alpha-2 code and English name, because profiles store `country`
// as free text from the profile form.
const EU_MEMBER_STATES: ReadonlyArray<readonly [string, string]> = [
  ["AT", "Austria"],
  ["BE", "Belgium"],
  ["BG", "Bulgaria"],
  ["HR", "Croatia"],
  ["CY", "Cyprus"],
  ["CZ", "Czechia"],
  ["DK", "Denmark"],
  ["EE", "Estonia"],
  ["FI", "Finland"],
  ["FR", "France"],
  ["DE", "Germany"],
  ["GR", "Greece"],
  ["HU", "Hungary"],
  ["IE", "Ireland"],
  ["IT", "Italy"],
  ["LV", "Latvia"],
  ["LT", "Lithuania"],
  ["LU", "Luxembourg"],
  ["MT", "Malta"],
  ["NL", "Netherlands"],
  ["PL", "Poland"],
  ["PT", "Portugal"],
  ["RO", "Romania"],
  ["SK", "Slovakia"],
  ["SI", "Slovenia"],
  ["ES", "Spain"],
  ["SE", "Sweden"],
];

const EU_LOOKUP = new Set(EU_MEMBER_STATES.flatMap(([code, name]) => [code.toLowerCase(), name.toLowerCase()]));
EU_LOOKUP.add("czech republic");
EU_LOOKUP.add("the netherlands");

export function isEuCountry(country: string | undefined): boolean {
  return country !== undefined && EU_LOOKUP.has(country.trim().toLowerCase());
}
