package org.neardup.detect;

import crawlercommons.domains.EffectiveTldFinder;
import java.net.IDN;
import java.util.Locale;

/**
 * The site a page belongs to, as the detector compares sites: the registrable domain of its url's
 * host (one label under the public suffix: {@code docs.python.org} and {@code www.python.org} are
 * {@code python.org}; {@code a.blogspot.com} and {@code b.blogspot.com} are two sites), from the
 * public suffix list that crawler-commons ships, as StormCrawler uses it. A host under no known
 * suffix is its own site; an IP address or {@code localhost} is one site per port (several
 * servers on one machine are several sites; a scheme's default port is no port).
 *
 * <p>The host is read leniently, as a crawler meets urls: international names (in Unicode or
 * punycode), characters {@link java.net.URI} refuses in a path or query ({@code |}, spaces,
 * braces), and underscores in host names all give the host they name.
 */
public final class SiteKey {
  private SiteKey() {}

  /** The site of {@code url}; "" when it names no host (a file url, not a url). */
  public static String of(String url) {
    String s = url.strip();
    int scheme = s.indexOf("://");
    if (scheme <= 0) return "";
    String protocol = s.substring(0, scheme).toLowerCase(Locale.ROOT);
    int start = scheme + 3;
    int end = start;
    while (end < s.length() && "/?#".indexOf(s.charAt(end)) < 0) end++;
    String authority = s.substring(start, end);
    int at = authority.lastIndexOf('@');
    if (at >= 0) authority = authority.substring(at + 1);
    String host;
    String port = "";
    if (authority.startsWith("[")) { // IPv6 literal
      int close = authority.indexOf(']');
      if (close < 0) return "";
      host = authority.substring(0, close + 1);
      if (close + 1 < authority.length() && authority.charAt(close + 1) == ':') port = authority.substring(close + 2);
    } else {
      int colon = authority.lastIndexOf(':');
      host = colon < 0 ? authority : authority.substring(0, colon);
      if (colon >= 0) port = authority.substring(colon + 1);
    }
    host = host.toLowerCase(Locale.ROOT);
    if (host.endsWith(".")) host = host.substring(0, host.length() - 1);
    if (host.isEmpty()) return "";
    if (port.equals(defaultPort(protocol))) port = "";
    if (host.equals("localhost") || host.startsWith("[") || isIPv4(host)) {
      return port.isEmpty() ? host : host + ":" + port;
    }
    try {
      host = IDN.toASCII(host, IDN.ALLOW_UNASSIGNED);
    } catch (IllegalArgumentException e) {
      // a label IDN cannot encode (too long, say): keep the name as written
    }
    String domain = EffectiveTldFinder.getAssignedDomain(host, false, false);
    return domain == null || domain.isEmpty() ? host : domain;
  }

  /**
   * The name a page has on its site, as a mirror keeps it under another host or folder: the last
   * segment of the url's path, lower-cased, without its extension (up to 5 letters or digits after
   * the last dot: {@code .html}, {@code .php}), then without a language tag before it ({@code .zh},
   * {@code .pt-br}: {@code intro.zh.html} is {@code intro}, as editions name their translations),
   * and without the query and fragment. An index page
   * ({@code index}, {@code default}, {@code home} or {@code main}, or a path ending in {@code /})
   * is named by its folder: {@code "python/"}; a site's front page is {@code "/"}.
   */
  public static String pageName(String url) {
    String s = url.strip();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '?' || c == '#') {
        s = s.substring(0, i);
        break;
      }
    }
    int scheme = s.indexOf("://");
    int slash = s.indexOf('/', scheme < 0 ? 0 : scheme + 3);
    String path = slash < 0 ? "/" : s.substring(slash);
    if (!path.endsWith("/")) {
      int last = path.lastIndexOf('/');
      String name = withoutExtension(path.substring(last + 1).toLowerCase(Locale.ROOT));
      if (!INDEX_NAMES.contains(name)) return name;
      path = path.substring(0, last + 1);
    }
    while (path.endsWith("/")) path = path.substring(0, path.length() - 1);
    return path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT) + "/";
  }

  private static final java.util.Set<String> INDEX_NAMES = java.util.Set.of("index", "default", "home", "main");

  private static final java.util.Set<String> LANGUAGES = java.util.Set.of(Locale.getISOLanguages());

  /** A language tag with a region or script after its two letters ({@code pt-br}, {@code zh_hans}). */
  private static final java.util.regex.Pattern REGIONAL_TAG = java.util.regex.Pattern.compile("[a-z]{2}[-_][a-z0-9]{2,4}");

  /** The name without its extension, then without a language tag before it ({@code intro.zh.html}). */
  private static String withoutExtension(String name) {
    String n = withoutSuffix(name, 5);
    int dot = n.lastIndexOf('.');
    if (dot <= 0) return n;
    String tag = n.substring(dot + 1);
    boolean language = tag.length() >= 2 && LANGUAGES.contains(tag.substring(0, 2))
        && (tag.length() == 2 || REGIONAL_TAG.matcher(tag).matches());
    return language ? n.substring(0, dot) : n;
  }

  /** The name without what follows its last dot when that is 1 to {@code max} letters or digits. */
  private static String withoutSuffix(String name, int max) {
    int dot = name.lastIndexOf('.');
    if (dot <= 0 || name.length() - dot - 1 > max || dot == name.length() - 1) return name;
    for (int i = dot + 1; i < name.length(); i++) if (!Character.isLetterOrDigit(name.charAt(i))) return name;
    return name.substring(0, dot);
  }

  /** Whether two urls are pages of one site (never for urls without a host). */
  public static boolean sameSite(String a, String b) {
    String x = of(a);
    return !x.isEmpty() && x.equals(of(b));
  }

  private static String defaultPort(String protocol) {
    return switch (protocol) {
      case "http" -> "80";
      case "https" -> "443";
      default -> "";
    };
  }

  private static boolean isIPv4(String host) {
    int dots = 0;
    for (int i = 0; i < host.length(); i++) {
      char c = host.charAt(i);
      if (c == '.') dots++;
      else if (c < '0' || c > '9') return false;
    }
    return dots == 3;
  }
}
