// Before the first paint, put the page in the reader's language: a classic script in the
// head, so the browser runs it before it draws anything. It sets <html lang> to the language
// the page will start in (the remembered choice, else the browser's: the same choice as
// preferredLanguage() in js/i18n.js, which the modules make later), so that of the start-up
// line's two versions in index.html only that language's shows (base.css), and while the
// header's markup is still in English and the reader's language is not, it keeps the header
// out of sight (data-translating: js/i18n.js's loadLanguages lifts it once translated).
(() => {
  let lang = "";
  try {
    lang = localStorage.getItem("seven-rocks:lang") ?? "";
  } catch {
    // storage may be disabled; the browser's language still works
  }
  if (lang !== "en" && lang !== "pt-BR") {
    lang = "en";
    for (const asked of navigator.languages ?? [navigator.language]) {
      if (/^pt\b/i.test(asked ?? "")) {
        lang = "pt-BR";
        break;
      }
      if (/^en\b/i.test(asked ?? "")) break;
    }
  }
  document.documentElement.lang = lang;
  if (lang !== "en") document.documentElement.dataset.translating = "";
})();
