package org.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code neardup --help} lists each command with the first line of its description: a whole sentence. */
class CommandListTest {
  @Test
  void everyCommandOpensItsDescriptionWithASentence() {
    var cli = NeardupCli.commandLine();
    for (var e : cli.getSubcommands().entrySet()) {
      if (e.getKey().equals("help")) continue;
      String[] description = e.getValue().getCommandSpec().usageMessage().description();
      assertTrue(description.length > 0, e.getKey());
      String first = description[0];
      assertTrue(first.endsWith(".") && first.length() <= 100, e.getKey() + ": " + first);
      for (var sub : e.getValue().getSubcommands().entrySet()) {
        String line = sub.getValue().getCommandSpec().usageMessage().description()[0];
        assertTrue(!line.isBlank(), e.getKey() + " " + sub.getKey());
      }
    }
  }
}
