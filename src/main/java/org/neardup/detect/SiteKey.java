package org.neardup.detect;

import crawlercommons.domains.EffectiveTldFinder;
import java.net.URI;
import java.util.Locale;

/**
 * The site a page belongs to, as the detector compares sites: the registrable domain of its url's
 * host (one label under the public suffix: {@code docs.python.org} and {@code www.python.org} are
 * {@code python.org}; {@code a.blogspot.com} and {@code b.blogspot.com} are two sites), from the
 * public suffix list that crawler-commons ships, as StormCrawler uses it. A host under no known
 * suffix is its own site; an IP address or {@code localhost} is one site per port (several
 * servers on one machine are several sites).
 */
public final class SiteKey {
  private SiteKey() {}

  /** The site of {@code url}; "" when it has no host (a url that is not a web address). */
  public static String of(String url) {
    URI u;
    try {
      u = URI.create(url.strip());
    } catch (IllegalArgumentException e) {
      return "";
    }
    String host = u.getHost();
    if (host == null || host.isEmpty()) return "";
    host = host.toLowerCase(Locale.ROOT);
    if (host.endsWith(".")) host = host.substring(0, host.length() - 1);
    if (host.equals("localhost") || host.startsWith("[") || isIPv4(host)) {
      return u.getPort() < 0 ? host : host + ":" + u.getPort();
    }
    String domain = EffectiveTldFinder.getAssignedDomain(host, false, false);
    return domain == null || domain.isEmpty() ? host : domain;
  }

  /** Whether two urls are pages of one site (never for urls without a host). */
  public static boolean sameSite(String a, String b) {
    String x = of(a);
    return !x.isEmpty() && x.equals(of(b));
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
