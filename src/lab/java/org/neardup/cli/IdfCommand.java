package org.neardup.cli;

import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.neardup.extract.Page;
import org.neardup.fingerprint.IdfTable;
import org.neardup.runtime.PageFiles;
import org.neardup.runtime.Pipeline;
import org.neardup.text.TextNormalizer;
import picocli.CommandLine;

@CommandLine.Command(name = "idf",
    description = {"Build an IDF table from a folder of pages (.html, .htm, .html.gz, .txt), for neardup.idf.path.",
        "Use pages of the crawl itself: IDF says which words are common in *this* collection."})
final class IdfCommand extends BaseCommand {
  @CommandLine.Option(names = "--input", required = true, paramLabel = "DIR", description = "folder searched recursively")
  Path input;

  @CommandLine.Option(names = "--output", required = true, paramLabel = "FILE", description = "the table, term<TAB>idf lines")
  Path output;

  @CommandLine.Option(names = "--min-docs", description = "leave out terms of fewer documents (default: ${DEFAULT-VALUE})")
  int minDocs = 2;

  @CommandLine.Mixin ConfigOptions config = new ConfigOptions();

  @Override
  public Integer call() throws Exception {
    if (!Files.isDirectory(input)) throw new IllegalArgumentException("--input " + input + ": not a folder");
    Pipeline pipeline = Pipeline.of(config.load());
    List<List<String>> docs = new ArrayList<>();
    int skipped = 0;
    for (Path f : PageFiles.list(input, PageFiles::isPage)) {
      Page p = PageFiles.isText(f)
          ? Page.ofText(f.toUri().toString(), "", new String(PageFiles.read(f), StandardCharsets.UTF_8), null)
          : pipeline.extractor().extract(f.toUri().toString(), PageFiles.read(f), null);
      if (!p.status().hasText()) {
        err().println("skipped " + f + ": " + p.status().name().toLowerCase() + " " + p.message());
        skipped++;
        continue;
      }
      docs.add(pipeline.fingerprinter().analyzer().terms(TextNormalizer.normalize(p.text())));
    }
    if (docs.isEmpty()) throw new IllegalArgumentException("--input " + input + ": no pages with text found");
    IdfTable.Built table = IdfTable.build(docs, minDocs);
    try (Writer w = Files.newBufferedWriter(output, StandardCharsets.UTF_8)) {
      table.write(w);
    }
    out().printf("%d documents (%d skipped), %d terms -> %s%n", docs.size(), skipped, table.values().size(), output);
    return OK;
  }
}
