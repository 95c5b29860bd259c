package org.torneo.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The layering of the design (contracts &lt;- cores &lt;- platform &lt;- apps), checked on the compiled classes:
 * decisions live in plain-Java cores that replay exactly, and the apps are adapters that reach the Laws and the
 * pairing engines only through the cores' deciders.
 */
@AnalyzeClasses(packages = "org.torneo", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {

    /** The contracts and the cores, by package (the pairing core has no "core" segment: its app is excluded). */
    static final String[] CORES = {"org.torneo.contracts..", "org.torneo.trf..", "org.torneo.identity..",
            "org.torneo.game.core..", "org.torneo.clock.core..", "org.torneo.pairing..", "org.torneo.rating.core..",
            "org.torneo.audit..", "org.torneo.feed.core.."};

    static final String[] APPS = {"org.torneo.game.app..", "org.torneo.clock.app..", "org.torneo.pairing.app..",
            "org.torneo.rating.app..", "org.torneo.feed.app..", "org.torneo.platform.."};

    @ArchTest
    static final ArchRule coresUseNoFrameworkType = noClasses()
            .that().resideInAnyPackage(CORES).and().resideOutsideOfPackage("org.torneo.pairing.app..")
            .should().dependOnClassesThat().resideInAnyPackage("io.quarkus..", "jakarta..", "javax.inject..",
                    "io.smallrye..", "io.vertx..", "io.netty..", "org.hibernate..", "org.apache.kafka..",
                    "org.eclipse.microprofile..", "io.micrometer..", "org.flywaydb..")
            .because("cores are plain Java: the apps adapt them to Quarkus, Kafka and PostgreSQL");

    @ArchTest
    static final ArchRule coresDependOnNoPlatformOrApp = noClasses()
            .that().resideInAnyPackage(CORES).and().resideOutsideOfPackage("org.torneo.pairing.app..")
            .should().dependOnClassesThat().resideInAnyPackage(APPS)
            .because("the arrows run contracts <- cores <- platform <- apps");

    @ArchTest
    static final ArchRule coresReadNoWallClock = noClasses()
            .that().resideInAnyPackage(CORES).and().resideOutsideOfPackage("org.torneo.pairing.app..")
            .should().callMethod(Instant.class, "now")
            .orShould().callMethod(System.class, "currentTimeMillis")
            .orShould().callMethod(Clock.class, "systemUTC")
            .orShould().callMethod(Clock.class, "systemDefaultZone")
            .orShould().callMethod(LocalDate.class, "now")
            .orShould().callMethod(LocalDateTime.class, "now")
            .orShould().callMethod(ZonedDateTime.class, "now")
            .orShould().callMethod(OffsetDateTime.class, "now")
            .because("replay must be exact: time arrives inside commands and events");

    @ArchTest
    static final ArchRule coresTimeOnlyTheirBenchmarks = noClasses()
            .that().resideInAnyPackage(CORES).and().resideOutsideOfPackage("org.torneo.pairing.app..")
            .and().resideOutsideOfPackage("..bench..")
            .should().callMethod(System.class, "nanoTime")
            .because("a decision that depends on elapsed time cannot be replayed; only benchmarks measure it");

    @ArchTest
    static final ArchRule coresDrawNoUnseededRandomness = noClasses()
            .that().resideInAnyPackage(CORES).and().resideOutsideOfPackage("org.torneo.pairing.app..")
            .should().callConstructor(Random.class)
            .orShould().callMethod(Math.class, "random")
            .orShould().callMethod(UUID.class, "randomUUID")
            .orShould().callMethod(ThreadLocalRandom.class, "current")
            .orShould().callCodeUnitWhere(unseededSecureRandom())
            .because("replay must be exact: lots and seeds arrive inside commands (a seeded Random(long) is allowed)");

    /**
     * The Laws' machinery behind the game decider: the mutable move generator, dead positions, draw rules and
     * touch-move; and the pairing engines behind the tournament decider. An app that needs a rule asks a decider.
     */
    @ArchTest
    static final ArchRule appsReachTheLawsOnlyThroughTheDeciders = noClasses()
            .that().resideInAnyPackage(APPS)
            .should().dependOnClassesThat().belongToAnyOf(org.torneo.game.core.board.Board.class,
                    org.torneo.game.core.board.Attacks.class)
            .orShould().dependOnClassesThat().resideInAnyPackage("org.torneo.game.core.deadposition..",
                    "org.torneo.game.core.draw..", "org.torneo.game.core.touchmove..", "org.torneo.pairing.dutch..",
                    "org.torneo.pairing.swiss..", "org.torneo.pairing.harkness..", "org.torneo.pairing.roundrobin..")
            .because("no decision logic is left in an app (issue 19): the apps are adapters around the cores' deciders");

    @ArchTest
    static final ArchRule appsDecideNothingThemselves = noClasses()
            .that().resideInAnyPackage(APPS)
            .should().implement(org.torneo.contracts.Decider.class)
            .because("a decider is a core's: the apps hand the runtime the core's decider (issue 19)");

    @ArchTest
    static final ArchRule appsLeaveThePairingEnginesToTheCore = noClasses()
            .that().resideInAnyPackage(APPS)
            .should().dependOnClassesThat().belongToAnyOf(org.torneo.pairing.tournament.DutchSystem.class,
                    org.torneo.pairing.tournament.PairingSystem.class)
            .because("which engine pairs a tournament, and on what state, is the tournament decider's decision");

    /** {@code new SecureRandom()} or {@code getInstanceStrong()}, except a subclass's own constructor (a seed source). */
    private static DescribedPredicate<JavaCall<?>> unseededSecureRandom() {
        return DescribedPredicate.describe("an unseeded SecureRandom", call ->
                call.getTargetOwner().isEquivalentTo(SecureRandom.class)
                        && (call.getName().equals("getInstanceStrong") || call.getName().equals("<init>")
                        && call.getTarget().getRawParameterTypes().isEmpty()
                        && !call.getOriginOwner().isAssignableTo(SecureRandom.class)));
    }
}
