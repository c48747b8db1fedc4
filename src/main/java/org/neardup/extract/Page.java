package org.neardup.extract;

import java.util.Objects;

/**
 * What neardup knows of one fetched page after extraction: its metadata and its main text with
 * paragraphs separated by {@code '\n'}. Immutable; fields are never null (absent values are "").
 *
 * @param url the page's address as fetched
 * @param title the {@code <title>} (or {@code og:title}, or the {@code h1} heading, when there is
 *     none)
 * @param heading the heading the page shows over its text: its first {@code h1}, or, on a page
 *     without one, its first element of class {@code title} (Doxygen's {@code div.title}), never
 *     one inside an element extraction never keeps (a header's logo); "" when it has neither. It
 *     names what the page is about where the {@code <title>} is the same on many pages of a site
 *     ("Member List"). An {@code h1} is never part of the text; an element of class {@code title}
 *     is when extraction keeps it (DocBook's section headings)
 * @param keywords {@code <meta name="keywords">}
 * @param description {@code <meta name="description">}
 * @param canonical the absolute {@code rel=canonical} target, or ""
 * @param language detected language of the main text
 * @param charset the charset the bytes were decoded with (e.g. "GB18030", "UTF-8")
 * @param text main text, boilerplate removed, one paragraph per line
 * @param status what extraction made of the page
 * @param message why the status is not OK, naming the input and the problem; "" when OK
 * @param bodyDigest for a page with little main text (under {@link
 *     ExtractionSettings#retryBelowChars}), the MD5 (hex) of its heading and of the text its body
 *     shows outside its site's frame (menus, footers, sidebars): what the exact check of a short
 *     page is bound to besides its title, so that two pages whose extraction found only the same
 *     few lines of their site (a header, a tagline) are one page only when all they show, and
 *     the heading they show it under, is the same; "" otherwise
 */
public record Page(
    String url,
    String title,
    String heading,
    String keywords,
    String description,
    String canonical,
    Language language,
    String charset,
    String text,
    PageStatus status,
    String message,
    String bodyDigest) {

  public Page {
    url = Objects.requireNonNullElse(url, "");
    title = Objects.requireNonNullElse(title, "");
    heading = Objects.requireNonNullElse(heading, "");
    keywords = Objects.requireNonNullElse(keywords, "");
    description = Objects.requireNonNullElse(description, "");
    canonical = Objects.requireNonNullElse(canonical, "");
    language = Objects.requireNonNullElse(language, Language.OTHER);
    charset = Objects.requireNonNullElse(charset, "");
    text = Objects.requireNonNullElse(text, "");
    status = Objects.requireNonNull(status, "status");
    message = Objects.requireNonNullElse(message, "");
    bodyDigest = Objects.requireNonNullElse(bodyDigest, "");
  }

  /** A page that could not be used, with the reason. */
  public static Page failed(String url, PageStatus status, String message) {
    return new Page(url, "", "", "", "", "", Language.OTHER, "", "", status, message, "");
  }

  /**
   * A page made from plain text (batch input or tests): no HTML, the language guessed from the
   * text. {@code language} may be null to let the caller's guesser decide later.
   */
  public static Page ofText(String url, String title, String text, Language language) {
    return ofText(url, title, "", text, language);
  }

  /** {@link #ofText(String, String, String, Language)} with the heading the page showed over its text. */
  public static Page ofText(String url, String title, String heading, String text, Language language) {
    String t = Objects.requireNonNullElse(text, "");
    PageStatus status = t.isBlank() ? PageStatus.EMPTY : PageStatus.OK;
    return new Page(url, title, heading, "", "", "", language, "UTF-8", t, status,
        status == PageStatus.EMPTY ? "page " + url + ": no text" : "", "");
  }

  /** This page with another canonical url (one the crawler's own metadata declares). */
  public Page withCanonical(String newCanonical) {
    return new Page(url, title, heading, keywords, description, newCanonical, language, charset, text, status, message,
        bodyDigest);
  }

  public Page withText(String newText, Language newLanguage) {
    return new Page(url, title, heading, keywords, description, canonical, newLanguage, charset, newText,
        status, message, bodyDigest);
  }
}
