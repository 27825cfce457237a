// Numbers as the reader writes them: "0,79" and "1 200" in French, "0.79" and "1,200" in
// English. Every number a widget shows goes through here, with the widget's `lang`; never
// `toFixed` or `String(number)` for a text a person reads (those are for SVG coordinates).

const formats = new Map(); // one Intl.NumberFormat per language and options: cheap to reuse

/** `value` written for `lang`; `options` as Intl.NumberFormat's (fraction digits, percent...). */
export function formatNumber(value, lang, options = {}) {
  const key = `${lang}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(lang, options);
    formats.set(key, format);
  }
  return format.format(Number(value));
}

/** `value` with exactly `digits` decimals: formatDecimal(0.786, "fr", 2) is "0,79". */
export function formatDecimal(value, lang, digits) {
  return formatNumber(value, lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A share of 1 as a whole percentage: formatPercent(0.42, "fr") is "42 %" (a narrow space). */
export function formatPercent(share, lang) {
  return formatNumber(share, lang, { style: "percent", maximumFractionDigits: 0 });
}
