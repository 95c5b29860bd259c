#!/bin/sh
# Prints fresh random Kafka passwords for docker-compose.yml, one variable a line:
#   deploy/local/compose/new-credentials.sh > .env
# (compose reads .env next to docker-compose.yml; keep it private, it is git-ignored).
# The users are those of org.torneo.contracts.topics.KafkaAccess (a test checks this list).
set -e
password() { od -An -N24 -tx1 /dev/urandom | tr -d ' \n'; }
for name in ADMIN CONTROLLER GAME CLOCK PAIRING RATING FEED EDGE AUDIT; do
  echo "TORNEO_KAFKA_${name}_PASSWORD=$(password)"
done
