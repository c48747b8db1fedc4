# A crawl with near-duplicate detection between the parser and the indexer, in the shape of
# StormCrawler's archetype:
#
#   spout → partitioner → fetcher → sitemap → parse (+ FingerprintParseFilter) → dedup → index
#   status streams of fetcher, sitemap, parse, dedup and index → status
#   status's deletion stream (urls gone) → forget (FingerprintDeletionBolt)
#
# Run it from this repository's folder, with the topology jar (mvn -B -Ptopology package -DskipTests):
#   storm local target/neardup-topology.jar org.apache.storm.flux.Flux topology/crawler.flux   # a LocalCluster
#   storm jar target/neardup-topology.jar org.apache.storm.flux.Flux topology/crawler.flux     # the cluster
# The seeds are read from seeds.txt in the folder the spout runs in (one url per line).
# Replace DummyIndexer with your indexer and MemoryStatusUpdater with a persistent status updater
# and a spout that reads it; with an indexer that deletes documents, also send dedup's "deletion"
# stream (urls indexed before and now copies) to its deletion bolt. Only the dedup bolt, its status
# stream and the forget bolt are neardup's; the rest is StormCrawler's archetype topology.

name: "neardup-crawl"

includes:
  - resource: true
    file: "/crawler-default.yaml"
    override: false

  - resource: false
    file: "crawler-conf.yaml"
    override: true

spouts:
  - id: "spout"
    className: "com.digitalpebble.stormcrawler.spout.FileSpout"
    parallelism: 1
    constructorArgs:
      - "."
      - "seeds.txt"

bolts:
  - id: "partitioner"
    className: "com.digitalpebble.stormcrawler.bolt.URLPartitionerBolt"
    parallelism: 1
  - id: "fetcher"
    className: "com.digitalpebble.stormcrawler.bolt.FetcherBolt"
    parallelism: 1
  - id: "sitemap"
    className: "com.digitalpebble.stormcrawler.bolt.SiteMapParserBolt"
    parallelism: 1
  - id: "parse"
    className: "com.digitalpebble.stormcrawler.bolt.JSoupParserBolt"
    parallelism: 1
  - id: "dedup"
    className: "org.neardup.storm.NearDuplicateBolt"
    parallelism: 1
  - id: "index"
    className: "com.digitalpebble.stormcrawler.indexing.DummyIndexer"
    parallelism: 1
  - id: "status"
    className: "com.digitalpebble.stormcrawler.persistence.MemoryStatusUpdater"
    parallelism: 1
  - id: "forget"
    className: "org.neardup.storm.FingerprintDeletionBolt"
    parallelism: 1

streams:
  - from: "spout"
    to: "partitioner"
    grouping:
      type: SHUFFLE

  - from: "partitioner"
    to: "fetcher"
    grouping:
      type: FIELDS
      args: ["key"]

  - from: "fetcher"
    to: "sitemap"
    grouping:
      type: LOCAL_OR_SHUFFLE

  - from: "sitemap"
    to: "parse"
    grouping:
      type: LOCAL_OR_SHUFFLE

  - from: "parse"
    to: "dedup"
    grouping:
      type: LOCAL_OR_SHUFFLE

  - from: "dedup"
    to: "index"
    grouping:
      type: LOCAL_OR_SHUFFLE

  - from: "fetcher"
    to: "status"
    grouping:
      type: FIELDS
      args: ["url"]
      streamId: "status"

  - from: "sitemap"
    to: "status"
    grouping:
      type: FIELDS
      args: ["url"]
      streamId: "status"

  - from: "parse"
    to: "status"
    grouping:
      type: FIELDS
      args: ["url"]
      streamId: "status"

  - from: "dedup"
    to: "status"
    grouping:
      type: FIELDS
      args: ["url"]
      streamId: "status"

  - from: "index"
    to: "status"
    grouping:
      type: FIELDS
      args: ["url"]
      streamId: "status"

  - from: "status"
    to: "forget"
    grouping:
      type: LOCAL_OR_SHUFFLE
      streamId: "deletion"
