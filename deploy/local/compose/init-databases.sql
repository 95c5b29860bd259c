-- One database per service, as ./torneo up does (torneo_<service>).
CREATE DATABASE torneo_game;
CREATE DATABASE torneo_clock;
CREATE DATABASE torneo_pairing;
CREATE DATABASE torneo_rating;
CREATE DATABASE torneo_feed;
