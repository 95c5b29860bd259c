# Sourced by ./mvnw, ./torneo and .ci/run: exports JAVA_HOME pointing at a JDK >= 21.
# Order: JAVA_HOME if it is >= 21, then the JDKs in the system's JVM folder (newest first),
# then `java` on PATH.
torneo_java_major() {
  "$1/bin/java" -version 2>&1 | awk -F'"' '/version/ {split($2, v, "."); print (v[1] == "1" ? v[2] : v[1]); exit}'
}
torneo_find_jdk() {
  local candidate major
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
    major=$(torneo_java_major "$JAVA_HOME")
    if [ "${major:-0}" -ge 21 ] 2>/dev/null; then return 0; fi
  fi
  for candidate in $(ls -d /usr/lib/jvm/*/ /Library/Java/JavaVirtualMachines/*/Contents/Home/ 2>/dev/null | sort -rV); do
    candidate=${candidate%/}
    [ -x "$candidate/bin/javac" ] || continue
    major=$(torneo_java_major "$candidate")
    if [ "${major:-0}" -ge 21 ] 2>/dev/null; then export JAVA_HOME="$candidate"; return 0; fi
  done
  if command -v javac >/dev/null 2>&1; then
    candidate=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
    major=$(torneo_java_major "$candidate")
    if [ "${major:-0}" -ge 21 ] 2>/dev/null; then export JAVA_HOME="$candidate"; return 0; fi
  fi
  echo "torneo: no JDK 21 or newer found (looked at JAVA_HOME, /usr/lib/jvm and PATH)." >&2
  echo "torneo: install one (for example Temurin 21 or 25, or 'apt-get install openjdk-21-jdk')" >&2
  echo "torneo: and/or set JAVA_HOME to it." >&2
  return 1
}
torneo_find_jdk || exit 1
export PATH="$JAVA_HOME/bin:$PATH"
