/**
 * EventStoreDB and MongoDB contract runs need a container runtime. Where there is none (this
 * build machine), they are skipped with the reason testcontainers gives, printed for the log.
 */
export async function containerRuntimeUnavailable(): Promise<string | null> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return null;
  } catch (error) {
    const reason = `no container runtime: ${error instanceof Error ? error.message : String(error)}`;
    console.log(`# skipping container-backed contract run (${reason})`);
    return reason;
  }
}
