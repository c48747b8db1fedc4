package org.neardup.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.LinkedHashMap;
import java.util.Map;
import org.neardup.extract.Page;
import org.neardup.extract.PageExtractor;
import picocli.CommandLine;

@CommandLine.Command(name = "extract",
    description = "Print what neardup extracts from a page: title, heading, metadata, language, charset and main text.")
final class ExtractCommand extends BaseCommand {
  @CommandLine.Parameters(paramLabel = "PAGE", description = "an HTML or text file, or an http(s)/file url")
  String page;

  @CommandLine.Option(names = "--json", description = "one JSON object instead of text")
  boolean json;

  @CommandLine.Option(names = "--charset", description = "charset hint, as an HTTP header would give it")
  String charset;

  @CommandLine.Mixin ConfigOptions config = new ConfigOptions();

  @Override
  public Integer call() throws Exception {
    var cfg = config.load();
    PageSource src = PageSource.read(page, cfg.extraction().maxBytes());
    Page p = new PageExtractor(cfg.extraction()).extract(src.url(), src.body(),
        charset != null ? charset : src.charsetHint());
    if (json) {
      out().println(JSON.writeValueAsString(toJson(p)));
    } else {
      out().println("url:         " + p.url());
      out().println("status:      " + p.status().name().toLowerCase() + (p.message().isEmpty() ? "" : " (" + p.message() + ")"));
      out().println("title:       " + p.title());
      out().println("heading:     " + p.heading());
      out().println("keywords:    " + p.keywords());
      out().println("description: " + p.description());
      out().println("canonical:   " + p.canonical());
      out().println("language:    " + p.language().code());
      out().println("charset:     " + p.charset());
      out().println("text:");
      out().println(p.text());
    }
    return p.status().hasText() || p.status() == org.neardup.extract.PageStatus.NO_MAIN_TEXT ? OK : FAILED;
  }

  static final ObjectMapper JSON = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

  static Map<String, Object> toJson(Page p) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("url", p.url());
    m.put("title", p.title());
    m.put("heading", p.heading());
    m.put("keywords", p.keywords());
    m.put("description", p.description());
    m.put("canonical", p.canonical());
    m.put("language", p.language().code());
    m.put("charset", p.charset());
    m.put("status", p.status().name().toLowerCase());
    if (!p.message().isEmpty()) m.put("message", p.message());
    m.put("text", p.text());
    return m;
  }
}
