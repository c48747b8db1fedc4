package org.neardup.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.storm.generated.ClusterSummary;
import org.apache.storm.generated.KillOptions;
import org.apache.storm.generated.TopologySummary;
import org.apache.storm.utils.NimbusClient;
import org.apache.storm.utils.Utils;

/**
 * A Storm cluster on this machine, each daemon a JVM of its own started from a {@link StormHome}:
 * ZooKeeper (the server storm-shaded-deps bundles), Nimbus and one Supervisor with worker slots,
 * which launches worker JVMs (through Storm's LogWriter) for submitted topologies. What it started
 * is written to {@code cluster.properties} in its folder, so another process (the next
 * {@code neardup cluster} command) can find, stop or kill it.
 */
public final class LocalStormCluster {
  static final String ZOOKEEPER_MAIN = "org.apache.storm.shade.org.apache.zookeeper.server.ZooKeeperServerMain";
  static final String NIMBUS_MAIN = "org.apache.storm.daemon.nimbus.Nimbus";
  static final String SUPERVISOR_MAIN = "org.apache.storm.daemon.supervisor.Supervisor";
  static final String WORKER_MAIN = "org.apache.storm.daemon.worker.Worker";
  static final String LOG_WRITER_MAIN = "org.apache.storm.LogWriter";

  private final Path dir;
  private final StormHome home;
  private final Properties state = new Properties();

  private LocalStormCluster(Path dir) {
    this.dir = dir.toAbsolutePath().normalize();
    this.home = new StormHome(this.dir.resolve("home"));
  }

  /** The cluster of this folder, with what an earlier {@link #up} recorded (if anything). */
  public static LocalStormCluster at(Path dir) {
    LocalStormCluster c = new LocalStormCluster(dir);
    Path f = c.stateFile();
    if (Files.isRegularFile(f)) {
      try (InputStream in = Files.newInputStream(f)) {
        c.state.load(in);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + f, e);
      }
    }
    return c;
  }

  public Path dir() {
    return dir;
  }

  public StormHome home() {
    return home;
  }

  private Path stateFile() {
    return dir.resolve("cluster.properties");
  }

  private void save() {
    try (OutputStream out = Files.newOutputStream(stateFile())) {
      state.store(out, "neardup cluster: daemons started from " + home.dir());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + stateFile(), e);
    }
  }

  /** True when this folder's cluster has been started (its daemons may have died since). */
  public boolean started() {
    return state.containsKey("pid.nimbus");
  }

  public int nimbusPort() {
    return Integer.parseInt(state.getProperty("port.nimbus"));
  }

  public int zookeeperPort() {
    return Integer.parseInt(state.getProperty("port.zookeeper"));
  }

  /**
   * Lays out the storm.home (jars once, from Maven), then starts ZooKeeper, Nimbus and a Supervisor
   * with {@code slots} worker slots on free loopback ports, and waits until the Supervisor has
   * registered with Nimbus. The cluster starts empty: ZooKeeper's data and storm.local.dir of an
   * earlier one are deleted (its logs stay).
   */
  public void up(int slots, String mvn, Duration timeout) throws IOException, InterruptedException {
    if (started() && !deadDaemons().isEmpty() && deadDaemons().size() < 3) {
      throw new IllegalStateException("a cluster in " + dir + " is partly running (" + deadDaemons()
          + " not); run 'neardup cluster down' first");
    }
    if (started() && deadDaemons().isEmpty()) {
      throw new IllegalStateException("a cluster in " + dir + " is running; 'neardup cluster down' stops it");
    }
    Files.createDirectories(dir);
    home.copyJars(mvn, dir.resolve("maven.log"));
    // a new cluster: Nimbus would bring back the topologies an earlier one left in ZooKeeper
    deleteTree(dir.resolve("zookeeper"));
    deleteTree(home.localDir());
    StormHome.Ports ports = StormHome.Ports.free(slots);
    home.writeConfig(ports);
    String redisPort = state.getProperty("port.redis");
    state.clear();
    if (redisPort != null) state.setProperty("port.redis", redisPort);
    state.setProperty("home", home.dir().toString());
    state.setProperty("port.zookeeper", String.valueOf(ports.zookeeper()));
    state.setProperty("port.nimbus", String.valueOf(ports.nimbus()));
    state.setProperty("port.supervisor", String.valueOf(ports.supervisor()));
    state.setProperty("slots", ports.slots().toString());

    long deadline = System.nanoTime() + timeout.toNanos();
    Path zkData = dir.resolve("zookeeper");
    Files.createDirectories(zkData);
    Process zk = start("zookeeper", List.of("-Xmx256m", "-Dzookeeper.admin.enableServer=false",
        "-Dzookeeper.4lw.commands.whitelist=ruok", "-cp", home.lib() + "/*", ZOOKEEPER_MAIN,
        String.valueOf(ports.zookeeper()), zkData.toString()));
    state.setProperty("pid.zookeeper", String.valueOf(zk.pid()));
    save();
    awaitPort("ZooKeeper", ports.zookeeper(), deadline);

    Process nimbus = start("nimbus", daemonArgs("nimbus", NIMBUS_MAIN));
    state.setProperty("pid.nimbus", String.valueOf(nimbus.pid()));
    save();
    awaitPort("Nimbus", ports.nimbus(), deadline);

    Process supervisor = start("supervisor", daemonArgs("supervisor", SUPERVISOR_MAIN));
    state.setProperty("pid.supervisor", String.valueOf(supervisor.pid()));
    save();
    while (supervisors() == 0) {
      if (System.nanoTime() > deadline) {
        throw new IOException("the Supervisor did not register with Nimbus in " + timeout.toSeconds()
            + " s; see " + home.logs().resolve("supervisor.log"));
      }
      Thread.sleep(500);
    }
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) return;
    try (java.util.stream.Stream<Path> s = Files.walk(root)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
    }
  }

  private List<String> daemonArgs(String name, String main) {
    return List.of("-Xmx512m", "-cp", home.daemonClassPath(), "-Dstorm.home=" + home.dir(),
        "-Dstorm.log.dir=" + home.logs(), "-Dlog4j.configurationFile=" + home.dir().resolve("log4j2/cluster.xml"),
        "-Dlogfile.name=" + name + ".log", main);
  }

  /** Starts a JVM that outlives this one: no pipes to us, output in logs/NAME.out. */
  private Process start(String name, List<String> args) throws IOException {
    Files.createDirectories(home.logs());
    List<String> cmd = new ArrayList<>();
    cmd.add(java());
    cmd.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(home.logs().resolve(name + ".out").toFile()))
        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    // the Supervisor starts workers with $JAVA_HOME/bin/java
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    return pb.start();
  }

  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static void awaitPort(String what, int port, long deadline) throws IOException, InterruptedException {
    while (!FreePorts.listening(port)) {
      if (System.nanoTime() > deadline) throw new IOException(what + " did not listen on port " + port + " in time");
      Thread.sleep(200);
    }
  }

  /** Starts this cluster's redis-server (append-only file on) on a free port, or again on its port and data. */
  public RedisProcess startRedis() throws IOException, InterruptedException {
    if (!state.containsKey("port.redis")) {
      state.setProperty("port.redis", String.valueOf(FreePorts.take(1).get(0)));
      save();
    }
    RedisProcess r = redis().orElseThrow();
    r.start();
    return r;
  }

  /** The redis-server {@link #startRedis} started (running or not). */
  public Optional<RedisProcess> redis() {
    String port = state.getProperty("port.redis");
    return port == null ? Optional.empty() : Optional.of(new RedisProcess(dir.resolve("redis"), Integer.parseInt(port)));
  }

  /** The daemons this folder started that are not alive. */
  public List<String> deadDaemons() {
    List<String> dead = new ArrayList<>();
    for (String d : List.of("zookeeper", "nimbus", "supervisor")) {
      if (daemon(d).map(ProcessHandle::isAlive).orElse(false)) continue;
      dead.add(d);
    }
    return dead;
  }

  /** A daemon's process, if this folder started it and it is still that process. */
  public Optional<ProcessHandle> daemon(String name) {
    String pid = state.getProperty("pid." + name);
    if (pid == null) return Optional.empty();
    return ProcessHandle.of(Long.parseLong(pid)).filter(p -> p.info().commandLine().map(
        c -> c.contains(home.dir().toString()) || c.contains(ZOOKEEPER_MAIN)).orElse(true));
  }

  /** Storm's configuration as a client of this cluster sees it: defaults, then conf/storm.yaml. */
  public Map<String, Object> clientConf() {
    Map<String, Object> conf = Utils.readDefaultConfig();
    conf.putAll(Utils.findAndReadConfigFile(home.stormYaml().toString(), true));
    return conf;
  }

  /** Supervisors registered with Nimbus (0 while it cannot be reached). */
  public int supervisors() {
    try {
      return clusterInfo().get_supervisors_size();
    } catch (Exception e) {
      return 0;
    }
  }

  public ClusterSummary clusterInfo() throws Exception {
    try (NimbusClient client = NimbusClient.Builder.withConf(clientConf()).build()) {
      return client.getClient().getClusterInfo();
    }
  }

  /** Kills a topology (no wait for its tuples), and waits until Nimbus no longer lists it. */
  public void killTopology(String name, Duration timeout) throws Exception {
    try (NimbusClient client = NimbusClient.Builder.withConf(clientConf()).build()) {
      KillOptions opts = new KillOptions();
      opts.set_wait_secs(0);
      client.getClient().killTopologyWithOpts(name, opts);
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    while (clusterInfo().get_topologies().stream().map(TopologySummary::get_name).anyMatch(name::equals)) {
      if (System.nanoTime() > deadline) throw new IOException("topology " + name + " still listed after kill");
      Thread.sleep(500);
    }
    // the Supervisor stops the topology's workers on its next sync
    while (!workers().isEmpty() && System.nanoTime() < deadline) Thread.sleep(500);
  }

  /**
   * The worker JVMs this cluster's Supervisor runs (not their LogWriter parents), oldest first.
   * Found by their command line: Storm's worker main class and this folder's storm.home.
   */
  public List<ProcessHandle> workers() {
    String homeArg = "-Dstorm.home=" + home.dir();
    return ProcessHandle.allProcesses().filter(p -> p.info().arguments().map(a -> {
      List<String> args = List.of(a);
      return args.contains(homeArg) && args.contains(WORKER_MAIN) && !args.contains(LOG_WRITER_MAIN);
    }).orElse(false)).sorted(Comparator.comparing(p -> p.info().startInstant().orElse(java.time.Instant.EPOCH)))
        .toList();
  }

  /** The worker's slot port (its {@code -Dworker.port}), or -1. */
  public static int workerPort(ProcessHandle worker) {
    for (String a : worker.info().arguments().orElse(new String[0])) {
      if (a.startsWith("-Dworker.port=")) return Integer.parseInt(a.substring("-Dworker.port=".length()));
    }
    return -1;
  }

  /** Every process this folder's cluster started, LogWriters and workers included, still alive. */
  List<ProcessHandle> processes() {
    String homeArg = "-Dstorm.home=" + home.dir();
    List<ProcessHandle> out = new ArrayList<>();
    ProcessHandle.allProcesses().filter(p -> p.info().arguments()
        .map(a -> List.of(a).contains(homeArg)).orElse(false)).forEach(out::add);
    for (String d : List.of("supervisor", "nimbus", "zookeeper")) daemon(d).ifPresent(p -> {
      if (!out.contains(p)) out.add(p);
    });
    return out;
  }

  /**
   * Stops the Supervisor (and its workers), Nimbus and ZooKeeper: SIGTERM, then SIGKILL for what
   * still runs after {@code grace}. The storm.home and its jars stay for the next {@link #up}.
   */
  public List<Long> down(Duration grace) throws InterruptedException {
    List<Long> stopped = new ArrayList<>();
    // workers and the Supervisor first, so nothing restarts a worker; ZooKeeper last
    List<ProcessHandle> order = new ArrayList<>();
    daemon("supervisor").ifPresent(order::add);
    order.addAll(processes().stream().filter(p -> !order.contains(p)
        && !daemon("nimbus").equals(Optional.of(p)) && !daemon("zookeeper").equals(Optional.of(p))).toList());
    daemon("nimbus").ifPresent(order::add);
    daemon("zookeeper").ifPresent(order::add);
    for (ProcessHandle p : order) {
      p.destroy();
      stopped.add(p.pid());
    }
    long deadline = System.nanoTime() + grace.toNanos();
    for (ProcessHandle p : order) {
      while (p.isAlive() && System.nanoTime() < deadline) Thread.sleep(100);
      if (p.isAlive()) p.destroyForcibly();
    }
    state.remove("pid.zookeeper");
    state.remove("pid.nimbus");
    state.remove("pid.supervisor");
    if (Files.isDirectory(dir)) save();
    return stopped;
  }

  /**
   * Copies the compiled classes of {@code anchor}'s package into {@code extlib/NAME.jar}, which the
   * Supervisor puts on every worker's class path (and {@link #submit} on the submitter's): how
   * classes that are not in the topology jar, such as the recording bolts of a cluster crawl,
   * reach the workers. Nothing is copied when the classes come from a jar (the topology jar, a
   * packaged lab); returns the jar written, or null.
   */
  public Path extlibJar(String name, Class<?> anchor) throws IOException {
    return extlibJar(name, anchor, "");
  }

  /** As {@link #extlibJar(String, Class)}, only the classes whose file name starts with {@code prefix}. */
  public Path extlibJar(String name, Class<?> anchor, String prefix) throws IOException {
    Path source;
    try {
      source = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (java.net.URISyntaxException | RuntimeException e) {
      return null;
    }
    if (!Files.isDirectory(source)) return null;
    String pkg = anchor.getPackageName().replace('.', '/');
    Path classes = source.resolve(pkg);
    Path jar = home.dir().resolve("extlib").resolve(name + ".jar");
    Files.createDirectories(jar.getParent());
    Path tmp = Files.createTempFile(jar.getParent(), name, ".tmp");
    try (java.util.jar.JarOutputStream out = new java.util.jar.JarOutputStream(Files.newOutputStream(tmp));
        java.util.stream.Stream<Path> files = Files.list(classes)) {
      for (Path f : files.filter(f -> f.toString().endsWith(".class")
          && f.getFileName().toString().startsWith(prefix)).sorted().toList()) {
        out.putNextEntry(new java.util.jar.JarEntry(pkg + "/" + f.getFileName()));
        Files.copy(f, out);
        out.closeEntry();
      }
    }
    Files.move(tmp, jar, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    return jar;
  }

  /**
   * Runs a topology's main class the way {@code storm jar} does: a JVM with the topology jar,
   * Storm's jars and this cluster's conf on its class path and {@code -Dstorm.jar} naming the jar,
   * so {@code StormSubmitter} uploads it to Nimbus. Returns the exit code; output goes to {@code log}.
   */
  public int submit(Path jar, String mainClass, List<String> args, Path log) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(java(), "-Xmx256m", "-cp",
        jar.toAbsolutePath() + java.io.File.pathSeparator + home.daemonClassPath() + java.io.File.pathSeparator
            + home.dir().resolve("extlib") + "/*",
        "-Dstorm.jar=" + jar.toAbsolutePath(), "-Dstorm.home=" + home.dir(),
        "-Dlog4j.configurationFile=" + home.dir().resolve("log4j2/cluster.xml"),
        "-Dstorm.log.dir=" + home.logs(), "-Dlogfile.name=submit.log", mainClass));
    cmd.addAll(args);
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    return p.waitFor();
  }
}
