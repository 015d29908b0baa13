// An empty translation unit so a library with no sources yet still builds.
