import { AppLink } from "~/web/components/ui/app-link";
import { buttonVariants } from "~/web/components/ui/button-variants";
import { paths } from "~/web/config/paths";
import { FeatureCard } from "~/web/features/home/components/feature-card";
import {
  ArrowRightIcon,
  BookCheckIcon,
  CoinsIcon,
  GamepadIcon,
  PlayCircleIcon,
  SparklesIcon,
  UserPlusIcon,
} from "~/web/features/home/components/home-icons";
import { StepCard } from "~/web/features/home/components/step-card";
import { usePageTitle } from "~/web/lib/use-page-title";

const features = [
  {
    title: "Games",
    description: "Challenge our bot to Tic Tac Toe and earn coins for every victory.",
    href: paths.games.getHref(),
    linkLabel: "Play Games",
    icon: GamepadIcon,
  },
  {
    title: "Quizzes",
    description: "Test your knowledge in General Knowledge, Science Facts and World History.",
    href: paths.quizzes.getHref(),
    linkLabel: "Take a Quiz",
    icon: BookCheckIcon,
  },
  {
    title: "Videos",
    description: "Watch videos and collect coins while you enjoy fresh content.",
    href: paths.videos.getHref(),
    linkLabel: "Watch Videos",
    icon: PlayCircleIcon,
  },
] as const;

const steps = [
  {
    title: "Sign Up",
    description: "Create your free account with just an email and a password.",
    icon: UserPlusIcon,
  },
  { title: "Engage", description: "Play games, answer quiz questions and watch videos.", icon: SparklesIcon },
  {
    title: "Earn Coins",
    description: "Collect coins for wins and correct answers, then redeem them in your wallet.",
    icon: CoinsIcon,
  },
] as const;

export function HomeRoute() {
  usePageTitle();
  return (
    <>
      <section aria-labelledby="hero-title" className="relative overflow-hidden border-b">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,var(--color-brand-soft),transparent_65%)]"
        />
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6 sm:py-24">
          <p className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm font-medium text-muted-foreground">
            <CoinsIcon className="size-4 text-brand" />
            Earn coins while you play
          </p>
          <h1
            id="hero-title"
            className="text-5xl font-extrabold tracking-tight text-balance sm:text-6xl md:text-7xl"
          >
            Play, Learn, Earn!
          </h1>
          <p className="max-w-2xl text-lg text-pretty text-muted-foreground sm:text-xl">
            Have fun, learn something new and earn coins along the way. Win at Tic Tac Toe to earn coins for
            every victory, ace our quizzes and turn your coins into cash.
          </p>
          <div className="flex w-full max-w-xs flex-col gap-3 sm:w-auto sm:max-w-none sm:flex-row">
            <AppLink to={paths.auth.getHref()} className={buttonVariants({ size: "lg" })}>
              Get Started Now
              <ArrowRightIcon />
            </AppLink>
            <AppLink
              to={paths.games.getHref()}
              className={buttonVariants({ size: "lg", variant: "outline" })}
            >
              Explore Games
            </AppLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="earn-title" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="earn-title" className="mb-8 text-center text-3xl font-bold tracking-tight">
          Ways to Earn
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {features.map((feature) => (
            <li key={feature.title} className="flex">
              <FeatureCard {...feature} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-title" className="border-t bg-muted/60">
        <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="how-title" className="mb-8 text-center text-3xl font-bold tracking-tight">
            How It Works
          </h2>
          <ol className="grid gap-6 md:grid-cols-3">
            {steps.map((step, index) => (
              <li key={step.title} className="flex">
                <StepCard step={index + 1} {...step} />
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
