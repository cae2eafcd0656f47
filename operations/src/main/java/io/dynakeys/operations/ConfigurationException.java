package io.dynakeys.operations;

/**
 * The command, not the run, is wrong: a class that is no generated {@code Keys} class, a migration
 * that cannot be loaded, a checkpoint of another job, an option the table cannot honour. The
 * command line exits with status 2 for it; any other exception during a run is a failure of the
 * run (status 3), which a checkpoint lets the same command resume.
 */
public final class ConfigurationException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * @param message what is wrong and what to do instead
   */
  public ConfigurationException(String message) {
    super(message);
  }

  /**
   * @param message what is wrong and what to do instead
   * @param cause the exception that showed it
   */
  public ConfigurationException(String message, Throwable cause) {
    super(message, cause);
  }
}
