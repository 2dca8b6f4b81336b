/**
 * HTCondor's submit description language, as far as {@code cangrid submit -f FILE --dry-run} reads it: the
 * lines of a file ({@link SubmitLines}), its macros ({@link Macros}), its {@code queue} statements
 * ({@link QueueStatement}), the values of the commands cangrid understands ({@link Arguments},
 * {@link Environment}, {@link Sizes}), the jobs a file expands to ({@link ExpandedJob}, built by
 * {@link SubmitFile}) and their JSON lines ({@link JobLines}). Everything it does not understand is refused
 * with the file and line, never ignored, so that a file never means less here than it did to its author.
 */
package io.cangrid.cli.submit;
